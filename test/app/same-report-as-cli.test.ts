import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderJson } from '../../src/render/json.js';
import { startAppHarness, type AppHarness } from '../support/app-harness.js';
import { pullRequestEvent } from '../support/app-payloads.js';
import type { SeedFile } from '../support/fake-github/index.js';
import { readDirectoryFiles } from '../support/fake-github/state/seed.js';
import { EXAMPLES } from '../support/paths.js';
import { runCli } from '../support/run-cli.js';
import { TempGitRepo } from '../support/temp-git-repo.js';

let h: AppHarness;

beforeEach(async () => {
  h = await startAppHarness();
});

afterEach(async () => {
  expect(h.fake.validationErrors).toEqual([]);
  await h.close();
});

const contentOf = (f: SeedFile): string | Uint8Array => (typeof f === 'string' || f instanceof Uint8Array ? f : f.content);

/** The JSON the App computed for its last evaluation (the same renderer the CLI prints with). */
function appJson(): string {
  const last = h.evaluations.at(-1)!.result;
  if (last.kind !== 'evaluated') throw new Error(`the App did not evaluate: ${JSON.stringify(last)}`);
  return renderJson(last.report);
}

describe('the App and the CLI give byte-identical JSON for the same tree and config', () => {
  for (const example of ['omx-blocked', 'omp', 'omc']) {
    it(`${example}: a PR whose head is the example tree vs \`plangate check ${example} --format json\``, async () => {
      // The example tree plus a code file, in the PR and on disk: a docs-only PR needs no plan, so
      // without code the App (which sees the PR's files) and the CLI (which does not) differ by design.
      const dir = mkdtempSync(join(tmpdir(), `plangate-${example}-`));
      cpSync(join(EXAMPLES, example), dir, { recursive: true });
      mkdirSync(join(dir, 'src'), { recursive: true });
      writeFileSync(join(dir, 'src/feature.ts'), 'export const x = 1;\n');
      h.fake.seedRepoFromFiles('acme', example, { 'README.md': '# base\n' });
      h.fake.commit('acme', example, 'feature', await readDirectoryFiles(dir));
      const pr = h.fake.addPull('acme', example, { head: 'feature', body: '' }).number;

      await h.deliver('pull_request', pullRequestEvent(h.fake, 'acme', example, pr));
      const cli = await runCli(['check', dir, '--format', 'json']);

      expect(cli.stderr).toBe('');
      expect(appJson()).toBe(cli.stdout);
      rmSync(dir, { recursive: true, force: true });
    });
  }

  /**
   * The same base and head as a PR on the fake GitHub and as two commits for `plangate check
   * --base`; returns the CLI's result (the App's is `appJson()`).
   */
  async function prAndCheckBase(
    base: Record<string, SeedFile>,
    head: Record<string, SeedFile>,
    body: string,
    env: Record<string, string> = {},
  ) {
    const git = new TempGitRepo('app-vs-cli-');
    try {
      const text = (files: Record<string, SeedFile>) =>
        Object.fromEntries(Object.entries(files).map(([p, f]) => [p, Buffer.from(contentOf(f)).toString('utf8')]));
      git.write(text(base));
      const baseSha = git.commit('base');
      git.write(text(head));
      git.commit('head');

      h.fake.seedRepoFromFiles('acme', 'gated', base);
      h.fake.commit('acme', 'gated', 'feature', head);
      const pr = h.fake.addPull('acme', 'gated', { head: 'feature', body }).number;
      await h.deliver('pull_request', pullRequestEvent(h.fake, 'acme', 'gated', pr));
      return await runCli(['check', git.dir, '--base', baseSha, '--format', 'json', '--pr-body', body], process.cwd(), env);
    } finally {
      git.cleanup();
    }
  }

  it('behaves like `plangate check --base`: config from the base, changed files from the PR, the PR body', async () => {
    const base = {
      'README.md': '# base\n',
      '.github/plangate.yml': 'plans:\n  require: when-changed\n  whenChanged: ["src/**"]\n  mustChangeInPr: true\n',
    };
    const head = {
      ...(await readDirectoryFiles(join(EXAMPLES, 'omx-blocked'))),
      'src/feature.ts': 'export const x = 1;\n',
      '.github/plangate.yml': 'plans:\n  require: never\n',
    };
    const cli = await prAndCheckBase(base, head, 'Implements x.\n\nPlan: .omx/plans/prd-20260427T153100Z-alpha.md\n');

    expect(cli.stderr).toBe('');
    expect(appJson()).toBe(cli.stdout);
    // The head's `require: never` did not apply; the base's when-changed + mustChangeInPr did.
    expect(JSON.parse(cli.stdout).gate).toBe('blocked');
    // Changed paths without patches: one compare call, no PR files listing.
    expect(h.fake.count('GET /repos/{owner}/{repo}/compare/{base}...{head}')).toBe(1);
    expect(h.fake.count('GET /repos/{owner}/{repo}/pulls/{pull_number}/files')).toBe(0);
  });

  it('_extends resolves to the same config: a repository file, then the organisation .github repository through the API', async () => {
    h.fake.seedRepoFromFiles('acme', '.github', { '.github/plangate.yml': 'plans:\n  require: always\n  requireAdr: true\n' });
    const base = {
      'README.md': '# base\n',
      '.github/plangate.yml': '_extends: config/plangate-base.yml\nplans:\n  matching: any\n',
      'config/plangate-base.yml': '_extends: .github\nplans:\n  require: when-changed\n',
    };
    // The head rewrites the base file to switch the gate off: the base commit's copy applies, for both.
    const head = {
      ...(await readDirectoryFiles(join(EXAMPLES, 'omx-blocked'))),
      'src/feature.ts': 'export const x = 1;\n',
      'config/plangate-base.yml': 'plans:\n  require: never\n',
    };
    const cli = await prAndCheckBase(base, head, '', {
      GITHUB_TOKEN: 'cli-token',
      GITHUB_API_URL: h.fake.url,
      GITHUB_REPOSITORY: 'acme/gated',
    });

    expect(cli.stderr).toBe('');
    expect(appJson()).toBe(cli.stdout);
    const json = JSON.parse(cli.stdout);
    expect(json.config.file).toBe('.github/plangate.yml (with _extends: config/plangate-base.yml)');
    // The organisation's requireAdr made the missing ADR an error; the base file's when-changed saw the code change.
    expect(json.gate).toBe('blocked');
    expect(json.findings.find((f: { ruleId: string }) => f.ruleId === 'plans/missing_adr')?.severity).toBe('error');
    // The App: its config, the base file at the base commit, the org's; the CLI: the org's (its files are local).
    expect(h.fake.count('GET /repos/{owner}/{repo}/contents/{path}')).toBe(3 + 1);
  });
});
