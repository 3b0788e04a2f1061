import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startAppHarness, type AppHarness } from '../support/app-harness.js';
import { pullRequestEvent } from '../support/app-payloads.js';
import { runCli } from '../support/run-cli.js';
import { TempGitRepo } from '../support/temp-git-repo.js';

/**
 * A skill added as a git submodule (a gitlink, mode 160000) or a script stored with Git LFS (a
 * pointer file) is content this repository does not hold: the pull request shows a commit id or a
 * pointer, and `git clone --recursive` / `git lfs pull` then gives users whatever it holds. Every
 * adapter passed it: "found: 1 skill", check success. Now it is an error naming it, unless the
 * base branch's config allows that submodule at exactly that commit.
 */
const CLEAN_SKILL = '---\nname: good\ndescription: Formats release notes.\n---\n\nWrite the notes as a list.\n';
const HELPER_SKILL = '---\nname: helper\ndescription: Helps.\n---\n\nRun `scripts/setup.sh` first.\n';
const LFS_POINTER =
  'version https://git-lfs.github.com/spec/v1\noid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\nsize 12345\n';

interface JsonFinding {
  ruleId: string;
  severity: string;
  file?: string;
  message: string;
}

const temp: { cleanup(): void }[] = [];
afterEach(() => temp.splice(0).forEach((t) => t.cleanup()));

function repo(prefix: string): TempGitRepo {
  const r = new TempGitRepo(prefix);
  temp.push(r);
  return r;
}

/** A repository with one clean skill and the helper skill added as a submodule; returns it and the helper's commit. */
function withSubmodule(): { main: TempGitRepo; helperSha: string } {
  const helper = repo('plangate-helper-').write({ 'SKILL.md': HELPER_SKILL });
  const helperSha = helper.commit('helper');
  const main = repo('plangate-main-').write({ '.claude/skills/good/SKILL.md': CLEAN_SKILL });
  main.git('-c', 'protocol.file.allow=always', 'submodule', 'add', '-q', helper.dir, '.claude/skills/helper');
  main.commit('add the helper skill as a submodule');
  return { main, helperSha };
}

async function check(args: string[]): Promise<{ code: number; findings: JsonFinding[] }> {
  const result = await runCli(['check', ...args, '--format', 'json']);
  return { code: result.code, findings: (JSON.parse(result.stdout) as { findings: JsonFinding[] }).findings };
}

const notInRepository = (findings: JsonFinding[]) =>
  findings.filter((f) => f.ruleId === 'scan/content_not_in_repository').map((f) => `${f.severity} ${f.file}`);

describe('content that is not a blob, through the CLI', () => {
  it('a submodule skill on a normal checkout, fetched or not, and on the commit itself: an error naming it', async () => {
    const { main } = withSubmodule();
    const populated = await check([main.dir]);
    expect(notInRepository(populated.findings)).toEqual(['error .claude/skills/helper']);
    expect(populated.code).toBe(1);

    const cloneDir = mkdtempSync(join(tmpdir(), 'plangate-clone-'));
    temp.push({ cleanup: () => rmSync(cloneDir, { recursive: true, force: true }) });
    execFileSync('git', ['clone', '-q', main.dir, cloneDir]);
    const unpopulated = await check([cloneDir]);
    expect(notInRepository(unpopulated.findings)).toEqual(['error .claude/skills/helper']);
    expect(unpopulated.code).toBe(1);

    const commit = await check([main.dir, '--rev', 'HEAD']);
    expect(notInRepository(commit.findings)).toEqual(['error .claude/skills/helper']);
    expect(commit.code).toBe(1);
  });

  it('allows a named submodule at the commit the config pins, with a reason — and only at that commit', async () => {
    const { main, helperSha } = withSubmodule();
    const allow = (commit: string, reason: string) =>
      main.write({
        '.github/plangate.yml': `scan:\n  submodules:\n    - { path: .claude/skills/helper, commit: "${commit}", reason: "${reason}" }\n`,
      });
    allow(helperSha, 'our own helper, reviewed at this commit');
    expect(notInRepository((await check([main.dir])).findings)).toEqual([]);
    expect((await check([main.dir])).code).toBe(0);

    allow('0'.repeat(40), 'an older commit');
    const moved = await check([main.dir]);
    expect(notInRepository(moved.findings)).toEqual(['error .claude/skills/helper']);
    expect(moved.findings.find((f) => f.ruleId === 'scan/content_not_in_repository')!.message).toContain(
      `This tree pins it at ${helperSha}`,
    );

    allow(helperSha, ' ');
    expect(notInRepository((await check([main.dir])).findings)).toEqual(['error .claude/skills/helper']);
  });

  it('a skill script stored with Git LFS: an error naming the pointer, on the checkout and on the commit', async () => {
    const main = repo('plangate-lfs-').write({
      '.claude/skills/good/SKILL.md': CLEAN_SKILL,
      '.claude/skills/tool/SKILL.md': HELPER_SKILL,
      '.claude/skills/tool/scripts/setup.sh': LFS_POINTER,
    });
    main.commit('tool skill with its script in LFS');
    for (const args of [[main.dir], [main.dir, '--rev', 'HEAD']]) {
      const result = await check(args);
      expect(notInRepository(result.findings)).toEqual(['error .claude/skills/tool/scripts/setup.sh']);
      expect(result.code).toBe(1);
    }
  });

  it('a submodule that is no skill, outside anything an agent reads, is left alone', async () => {
    const lib = repo('plangate-lib-').write({ 'index.js': 'module.exports = 1;\n' });
    lib.commit('lib');
    const main = repo('plangate-main-').write({ '.claude/skills/good/SKILL.md': CLEAN_SKILL });
    main.git('-c', 'protocol.file.allow=always', 'submodule', 'add', '-q', lib.dir, 'libs/lib');
    main.commit('vendor a library');
    const result = await check([main.dir]);
    expect(notInRepository(result.findings)).toEqual([]);
    expect(result.code).toBe(0);
  });
});

describe('content that is not a blob, through the App', () => {
  let h: AppHarness | undefined;
  afterEach(async () => {
    if (!h) return;
    expect(h.fake.validationErrors).toEqual([]);
    await h.close();
    h = undefined;
  });

  async function pullRequest(base: Record<string, string>, head: Record<string, string | { content: string; mode: 'submodule' }>) {
    h = await startAppHarness();
    h.fake.seedRepoFromFiles('acme', 'skills', { 'README.md': '# skills\n', ...base });
    const headSha = h.fake.commit('acme', 'skills', 'feature', head);
    const pr = h.fake.addPull('acme', 'skills', { head: 'feature', body: '' }).number;
    await h.deliver('pull_request', pullRequestEvent(h.fake, 'acme', 'skills', pr));
    const result = h.evaluations.at(-1)!.result;
    if (result.kind !== 'evaluated') throw new Error(`the App did not evaluate: ${JSON.stringify(result).slice(0, 300)}`);
    const run = h.fake.repo('acme', 'skills').checkRuns.find((r) => r.headSha === headSha)!;
    return { report: result.report, conclusion: run.conclusion };
  }

  const HELPER_COMMIT = 'c0ffee0000000000000000000000000000000001';

  it('a gitlink in a skill root fails the check run ("found: 1 skill" was a success)', async () => {
    const { report, conclusion } = await pullRequest(
      {},
      {
        '.claude/skills/good/SKILL.md': CLEAN_SKILL,
        '.claude/skills/helper': { content: HELPER_COMMIT, mode: 'submodule' },
      },
    );
    expect(notInRepository(report.findings as JsonFinding[])).toEqual(['error .claude/skills/helper']);
    expect(conclusion).toBe('failure');
  });

  it('an LFS pointer in a skill fails the check run', async () => {
    const { report, conclusion } = await pullRequest(
      {},
      { '.claude/skills/tool/SKILL.md': HELPER_SKILL, '.claude/skills/tool/scripts/setup.sh': LFS_POINTER },
    );
    expect(notInRepository(report.findings as JsonFinding[])).toEqual(['error .claude/skills/tool/scripts/setup.sh']);
    expect(conclusion).toBe('failure');
  });

  it("allows the submodule the base branch's config pins; the pull request cannot allow its own", async () => {
    const allow = `scan:\n  submodules:\n    - { path: .claude/skills/helper, commit: ${HELPER_COMMIT}, reason: "reviewed at this commit" }\n`;
    const head = {
      '.claude/skills/good/SKILL.md': CLEAN_SKILL,
      '.claude/skills/helper': { content: HELPER_COMMIT, mode: 'submodule' as const },
    };
    const fromBase = await pullRequest({ '.github/plangate.yml': allow }, head);
    expect(notInRepository(fromBase.report.findings as JsonFinding[])).toEqual([]);
    expect(fromBase.conclusion).toBe('success');
    await h!.close();
    h = undefined;

    const fromHead = await pullRequest({}, { ...head, '.github/plangate.yml': allow });
    expect(notInRepository(fromHead.report.findings as JsonFinding[])).toEqual(['error .claude/skills/helper']);
    expect(fromHead.conclusion).toBe('failure');
  });
});
