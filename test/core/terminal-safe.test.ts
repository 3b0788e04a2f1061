import { describe, expect, it } from 'vitest';
import {
  escapeWorkflowCommandData,
  escapeWorkflowCommandProperty,
  safeLogLine,
  showControlCharacters,
} from '../../src/core/terminal-safe.js';

describe('terminal-safe text', () => {
  it('shows newlines, carriage returns, ESC and OSC sequences as escapes, so a title cannot start a new log line', () => {
    const title = 'ok\n::error::pwned\r\u001b]0;title\u0007\u001b[2J';
    const shown = showControlCharacters(title);
    expect(shown).toBe('ok\\n::error::pwned\\r\\u{1b}]0;title\\u{7}\\u{1b}[2J');
    expect(shown).not.toMatch(/[\n\r\u001b\u0007]/);
  });

  it('defuses a line that would begin a workflow command, old or new syntax', () => {
    expect(safeLogLine('::add-mask::secret')).toBe('\\u{3a}:add-mask::secret');
    expect(safeLogLine('  ::stop-commands::x')).toBe('  \\u{3a}:stop-commands::x');
    expect(safeLogLine('##[error]x')).toBe('\\u{23}#[error]x');
    expect(safeLogLine('story S1: fine :: text')).toBe('story S1: fine :: text');
  });

  it('escapes command data and properties the way the runner unescapes them', () => {
    expect(escapeWorkflowCommandData('50%\nnext')).toBe('50%25%0Anext');
    expect(escapeWorkflowCommandProperty('a,b:c%\u001b[31m\nx')).toBe('a%2Cb%3Ac%25\\u{1b}[31m x');
  });
});
