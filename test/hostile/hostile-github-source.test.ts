import { Octokit } from '@octokit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluate } from '../../src/core/evaluate.js';
import type { RepoSnapshot } from '../../src/core/snapshot.js';
import { renderJson } from '../../src/render/json.js';
import { GitHubSnapshot } from '../../src/sources/github/github-snapshot.js';
import { LocalDirSnapshot } from '../../src/sources/local-dir-snapshot.js';
import { FakeGitHub } from '../support/fake-github/index.js';
import { TempGitRepo } from '../support/temp-git-repo.js';
import { generateHostileRepo } from './generate-hostile-repo.js';

/** The hostile corpus through the third source: the GitHub API (the fake), as the App reads it. */
let fake: FakeGitHub;
let repo: TempGitRepo;
let config: string;

async function reportJson(snapshot: RepoSnapshot): Promise<string> {
  const result = await evaluate({
    snapshot,
    configText: config,
    configFile: '.github/plangate.yml',
    context: { now: new Date('2026-05-01T12:00:00Z') },
  });
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return renderJson(result.report);
}

beforeAll(async () => {
  fake = await FakeGitHub.start();
  repo = new TempGitRepo('plangate-hostile-api-');
  ({ config } = generateHostileRepo(repo.dir));
}, 60_000);
afterAll(async () => {
  await fake.close();
  repo.cleanup();
});

describe('hostile corpus through the GitHub API source', () => {
  it('gives the same report as the working tree, with every file read and no request refused', async () => {
    const sha = await fake.seedRepoFromDirectory('acme', 'hostile', repo.dir);
    const octokit = new Octokit({ baseUrl: fake.url, auth: 'test-token' });
    const started = performance.now();
    const github = await GitHubSnapshot.open({
      octokit,
      owner: 'acme',
      repo: 'hostile',
      commitSha: sha,
      prefetch: (entries) => entries.map((e) => e.path),
    });
    const fromApi = await reportJson(github);
    expect(performance.now() - started).toBeLessThan(60_000);
    const fromDisk = await reportJson(await LocalDirSnapshot.open(repo.dir));
    expect(fromApi).toBe(fromDisk);
    const report = JSON.parse(fromApi) as { findings: { ruleId: string }[] };
    expect(report.findings.some((f) => f.ruleId === 'tasks/dependency_cycle')).toBe(true);
    expect(report.findings.some((f) => f.ruleId.endsWith('/internal_error'))).toBe(false);
    expect(fake.validationErrors).toEqual([]);
  }, 120_000);
});
