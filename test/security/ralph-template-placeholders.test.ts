import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ralphRepo, runRalphCli } from '../ralph/ralph-harness.js';

/**
 * Issue 13 §2: with `--agent 'echo "working on {story_id}"'`, the story id `$(touch PWNED)` ran —
 * the docs promise an id cannot add shell syntax. Every quoting context of the template is tried
 * (double quotes, single quotes, bare, inside `$(…)` and backticks) with ids that close quotes,
 * substitute commands and break lines, in a work directory whose own path is hostile too.
 */
const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));

const IDS = [
  '$(touch PWNED-dollar)',
  '"; touch PWNED-dq; "',
  '`touch PWNED-tick`',
  "'; touch PWNED-sq; '",
  'x\ntouch PWNED-newline',
  '*',
  '$HOME',
  'a b',
];

const TEMPLATE = [
  `printf '%s\\n' "dq:{story_id}" >> "{workdir}/out.txt"`,
  `printf '%s\\n' 'sq:{story_id}' >> {workdir}/out.txt`,
  `printf 'bare:%s|' {story_id} >> "{workdir}/out.txt"`,
  `echo >> {workdir}/out.txt`,
  `x=$(printf %s {story_id}); printf '%s\\n' "cmd:$x" >> '{workdir}'/out.txt`,
  'y=`printf %s {story_id}`; printf \'%s\\n\' "tick:$y" >> "{workdir}/out.txt"',
  `test -f "{prompt_file}" && test -f {prompt_file}`,
].join('; ');

async function runTemplate(ids: readonly string[], prefix?: string) {
  const repo = ralphRepo(
    ids.map((id) => ({ id, title: `Story ${id}` })),
    {},
    prefix,
  );
  cleanups.push(() => repo.cleanup());
  const r = await runRalphCli(['--plan', '.omx/plans/prd-demo.md', '--agent', TEMPLATE, '--max-iterations', String(ids.length)], repo.dir);
  const planted = [...readdirSync(repo.dir), ...readdirSync(dirname(repo.dir))].filter((n) => n.startsWith('PWNED'));
  return { repo, r, planted };
}

/** Each value arrived as exactly the text it is, one word, in every context. */
function expectEveryContextGot(out: string, value: string): void {
  for (const context of ['dq', 'sq', 'cmd', 'tick']) expect(out).toContain(`${context}:${value}\n`);
  expect(out).toContain(`bare:${value}|\n`);
}

describe('agent template placeholders', () => {
  it('are substituted as data in every quoting context: no story id runs a command', async () => {
    const { repo, r, planted } = await runTemplate(IDS);
    expect(planted).toEqual([]);
    expect(r.json, r.stderr).toMatchObject({ outcome: 'completed', iterations: IDS.length });
    const out = readFileSync(join(repo.dir, 'out.txt'), 'utf8');
    for (const id of IDS) expectEveryContextGot(out, id);
  });

  it('are substituted as data in every quoting context: no work directory name runs a command', async () => {
    const { repo, r, planted } = await runTemplate(['US-1'], 'plangate-$(touch PWNED-workdir)-\'"; touch PWNED-wq; "-');
    expect(planted).toEqual([]);
    expect(r.json, r.stderr).toMatchObject({ outcome: 'completed', iterations: 1 });
    expectEveryContextGot(readFileSync(join(repo.dir, 'out.txt'), 'utf8'), 'US-1');
  });
});
