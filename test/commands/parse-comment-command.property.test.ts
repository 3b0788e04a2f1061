import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMMAND_NAMES } from '../../src/core/commands/command-help.js';
import { parseCommentCommand } from '../../src/core/commands/parse-comment-command.js';
import { validatePlanPath } from '../../src/core/commands/validate-plan-path.js';

const RUNS = { numRuns: 1000 };
const word = fc.oneof(
  fc.constantFrom(...COMMAND_NAMES, 'APPROVE', 'merge', '', '"', "'", '`', '..', '/etc', './a.md', 'a b'),
  fc.string({ unit: 'binary', maxLength: 12 }),
);
const commandish = fc
  .tuple(
    fc.constantFrom('/plangate', '/PLANGATE', ' /plangate', '\ufeff/plangate', '/plangatex', 'plangate', ''),
    fc.array(word, { maxLength: 4 }),
    fc.string({ unit: 'binary', maxLength: 30 }),
  )
  .map(([prefix, words, rest]) => `${prefix} ${words.join(' ')}${rest}`);

describe('command parser under fuzz', () => {
  it('any comment → none, a known command, or an error with a message; never an exception', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 200 }), commandish), (body) => {
        const parsed = parseCommentCommand(body);
        if (parsed.kind === 'command') {
          expect(COMMAND_NAMES).toContain(parsed.command);
          expect(
            body
              .replace(/^\ufeff/, '')
              .trimStart()
              .toLowerCase()
              .startsWith('/plangate'),
          ).toBe(true);
          if (parsed.command === 'approve' && parsed.path !== undefined)
            expect(validatePlanPath(parsed.path)).toEqual({ ok: true, path: parsed.path });
          if (parsed.command !== 'approve') expect(parsed.args).toEqual([]);
        } else if (parsed.kind === 'error') {
          expect(parsed.message.length).toBeGreaterThan(0);
          expect(parsed.message).not.toMatch(/(^|[^\w`])@[A-Za-z0-9]/m);
        } else {
          expect(parsed).toEqual({ kind: 'none' });
        }
      }),
      RUNS,
    );
  });

  it('an accepted approve path never escapes the repository', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constantFrom('..', '.', '', 'a', '.omx', 'C:', '\\'), fc.string({ unit: 'binary', maxLength: 6 })), {
          minLength: 1,
          maxLength: 5,
        }),
        (segments) => {
          const checked = validatePlanPath(segments.join('/'));
          if (!checked.ok) return;
          const parts = checked.path.split('/');
          expect(parts).not.toContain('..');
          expect(parts).not.toContain('');
          expect(checked.path).not.toMatch(/^\/|^[A-Za-z]:|\\|[\u0000-\u001f\u007f]/);
        },
      ),
      RUNS,
    );
  });

  it('a safe path quoted after approve comes back as given', () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9_. -]{1,12}$/).filter((s) => s !== '.' && s !== '..');
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 4 }), (segments) => {
        const path = segments.join('/');
        fc.pre(validatePlanPath(path).ok && !path.startsWith('./'));
        expect(parseCommentCommand(`/plangate approve "${path}"\nthanks`)).toMatchObject({ kind: 'command', command: 'approve', path });
      }),
      RUNS,
    );
  });
});
