import { describe, expect, it } from 'vitest';
import { COMMAND_NAMES, renderCommandHelp } from '../../src/core/commands/command-help.js';
import { parseCommentCommand } from '../../src/core/commands/parse-comment-command.js';

describe('parseCommentCommand', () => {
  it('reads every command from the first line, case-insensitively', () => {
    for (const name of COMMAND_NAMES) {
      expect(parseCommentCommand(`/plangate ${name}`)).toEqual({ kind: 'command', command: name, args: [] });
      expect(parseCommentCommand(`/PlanGate ${name.toUpperCase()}\r\nthanks!`)).toMatchObject({ kind: 'command', command: name });
    }
  });

  it('ignores comments whose first line does not start with /plangate', () => {
    expect(parseCommentCommand('LGTM\n/plangate approve')).toEqual({ kind: 'none' });
    expect(parseCommentCommand('> /plangate approve')).toEqual({ kind: 'none' });
    expect(parseCommentCommand('/plangates approve')).toEqual({ kind: 'none' });
    expect(parseCommentCommand('/plangate-approve')).toEqual({ kind: 'none' });
    expect(parseCommentCommand('')).toEqual({ kind: 'none' });
    expect(parseCommentCommand('\n/plangate approve')).toEqual({ kind: 'none' });
  });

  it('allows leading spaces and a byte-order mark before the command', () => {
    expect(parseCommentCommand('\ufeff  /plangate status')).toMatchObject({ kind: 'command', command: 'status' });
  });

  it('treats a bare /plangate as help', () => {
    expect(parseCommentCommand('/plangate')).toEqual({ kind: 'command', command: 'help', args: [] });
    expect(parseCommentCommand('/plangate   \nmore text')).toEqual({ kind: 'command', command: 'help', args: [] });
  });

  it('answers an unknown command with the help text, the word escaped', () => {
    const parsed = parseCommentCommand('/plangate merge <img src=x> @alice');
    expect(parsed.kind).toBe('error');
    const message = (parsed as { message: string }).message;
    expect(message).toContain('Unknown command `merge`');
    expect(message).toContain(renderCommandHelp());
    const odd = parseCommentCommand('/plangate <b>@alice</b>');
    expect((odd as { message: string }).message).not.toMatch(/<b>|@alice/);
  });

  it('takes an optional PRD path for approve, validated and without a leading ./', () => {
    expect(parseCommentCommand('/plangate approve')).toEqual({ kind: 'command', command: 'approve', args: [] });
    expect(parseCommentCommand('/plangate approve ./.omx/plans/prd-x.md')).toEqual({
      kind: 'command',
      command: 'approve',
      args: ['./.omx/plans/prd-x.md'],
      path: '.omx/plans/prd-x.md',
    });
    expect(parseCommentCommand('/plangate approve "plans/my prd.md"')).toMatchObject({ path: 'plans/my prd.md' });
    expect(parseCommentCommand('/plangate approve `plans/prd-x.md`')).toMatchObject({ path: 'plans/prd-x.md' });
  });

  it('refuses unsafe approve paths with a reason', () => {
    const cases: [string, RegExp][] = [
      ['/plangate approve ../secrets.md', /no `\.\.`/],
      ['/plangate approve /etc/passwd', /relative to the repository root/],
      ['/plangate approve C:/x.md', /drive letter/],
      ['/plangate approve a\\b.md', /backslashes/],
      ['/plangate approve "a/\u202eb.md"', /control or invisible/],
      ['/plangate approve "a\u0007.md"', /control or invisible/],
      ['/plangate approve a//b.md', /empty or `\.` segment/],
      ['/plangate approve plans/', /empty or `\.` segment/],
      ['/plangate approve ""', /empty/],
      ['/plangate approve a.md b.md', /at most one path/],
      ['/plangate approve "a.md', /not closed/],
    ];
    for (const [body, reason] of cases) {
      const parsed = parseCommentCommand(body);
      expect(parsed, body).toMatchObject({ kind: 'error' });
      expect((parsed as { message: string }).message, body).toMatch(reason);
    }
  });

  it('refuses arguments on commands that take none', () => {
    const parsed = parseCommentCommand('/plangate revoke now');
    expect(parsed).toMatchObject({ kind: 'error', command: 'revoke' });
    expect((parsed as { message: string }).message).toContain('takes no arguments');
  });

  it('does not read past the first line for arguments', () => {
    expect(parseCommentCommand('/plangate approve\n../../etc/passwd')).toEqual({ kind: 'command', command: 'approve', args: [] });
  });
});

describe('renderCommandHelp', () => {
  it('lists every command and the permission they need', () => {
    const help = renderCommandHelp('maintain');
    for (const name of COMMAND_NAMES) expect(help).toContain(`/plangate ${name}`);
    expect(help).toContain('/plangate approve [<prd path>]');
    expect(help).toContain('**maintain** permission');
    expect(help).toContain('approval.trustedBots');
  });
});
