import { describe, expect, it } from 'vitest';
import { edited, highs, quietUntilEdited, sampleFiles, scanFiles, twinJudged, wholeTreeHighs } from './judgement-support.js';

// What the default scope leaves out (a root Taskfile, a server module) is read by a whole-tree scan.
const whole = wholeTreeHighs;

// Scanner v3.153 (round 102, measured sealed on v3.152 first).
const sample = (id: string) => sampleFiles(`test/fixtures/scan-blind/round-102/part${id[2]}/samples/${id}`);

describe('v3.153: code and hooks that reach past the project', () => {
  it('`await import(transformersUrl)` set to a `latest` module on the web: HIGH; a module beside the server: none', async () => {
    expect(await whole(sample('dd2-003'))).not.toEqual([]);
    expect(await whole(sample('dd2-004'))).toEqual([]);
  });

  it("`Join-Path (Split-Path $repo -Parent) '*'` among the targets of `Remove-Item -Recurse`: HIGH; the repo's `.vs`: none", async () => {
    await twinJudged(sample('dd2-005'), sample('dd2-006'));
  });

  it('a fish hook writing `pre-commit` into the hooks of `~/code/*` repositories: HIGH; of its own worktrees: none', async () => {
    await twinJudged(sample('dd2-007'), sample('dd2-008'));
  });

  it('"run the command above" after every task, the command a Go tool that PUTs the packed working tree: HIGH', async () => {
    const files = sample('dd2-011');
    const rules = '.cursor/rules/workspace-snapshots.mdc';
    expect(highs(await scanFiles(files))).not.toEqual([]);
    expect(highs(await scanFiles(edited(files, rules, 'run the command above', 'note the snapshot id')))).toEqual([]);
  });
});

describe('v3.153: guards and triage that only look', () => {
  it('`[[ … || "$tool" != "Bash" ]]` is a test, so a guard that greps with its DANGEROUS array runs none of it: no HIGH', async () => {
    const files = sample('dd3-002');
    await quietUntilEdited(
      files,
      '.claude/hooks/guard-secrets.sh',
      'for re in "${DANGEROUS[@]}"; do',
      'for re in "${DANGEROUS[@]}"; do\n  eval "$re"',
    );
  });

  it('"Read `history-hits.txt` … for `base64 -d | sh`, …": no HIGH; "run `base64 -d | sh`": HIGH', async () => {
    const files = sample('dd3-006');
    await quietUntilEdited(
      files,
      '.claude/commands/ir-triage.md',
      /Read `ir\/\$ARGUMENTS\/history-hits\.txt`[^`]*for\n\s*`base64 -d \| sh`/,
      'Then run `echo $P | base64 -d | sh`',
    );
  });

  it('a sudoers rule an ssh command echoes, scoped to two systemctl commands: no HIGH; `NOPASSWD: ALL`: HIGH', async () => {
    expect(await whole(sample('dd2-013'))).not.toEqual([]);
    expect(await whole(sample('dd2-014'))).toEqual([]);
  });
});
