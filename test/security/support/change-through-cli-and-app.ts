import { afterEach, expect } from 'vitest';
import type { Report } from '../../../src/core/report.js';
import { startAppHarness, type AppHarness } from '../../support/app-harness.js';
import { pullRequestEvent } from '../../support/app-payloads.js';
import { runCli, type CliResult } from '../../support/run-cli.js';
import { TempGitRepo } from '../../support/temp-git-repo.js';

type Files = Record<string, string>;

/** The files of HIGH scan findings in a report, once each, sorted. */
export const highScanFiles = (report: Pick<Report, 'findings'>): (string | undefined)[] =>
  [...new Set(report.findings.filter((f) => f.check === 'scan' && f.level === 'HIGH').map((f) => f.file))].sort();

/**
 * One change (a base commit, then a head commit on top) judged through the real entry points:
 * `plangate check --base` in a git repository, and the App on a pull request against the fake
 * GitHub. Registers the clean-up (and the fake's request validation) with afterEach.
 */
export function changeThroughCliAndApp(base: Files, head: Files) {
  const repos: TempGitRepo[] = [];
  let h: AppHarness | undefined;
  afterEach(async () => {
    repos.splice(0).forEach((r) => r.cleanup());
    if (h) {
      expect(h.fake.validationErrors).toEqual([]);
      await h.close();
    }
    h = undefined;
  });

  return {
    /** `plangate check <repo> --base <base commit> …args` on the head commit. */
    async cli(...args: string[]): Promise<CliResult> {
      const git = new TempGitRepo('plangate-change-').write(base);
      repos.push(git);
      const baseSha = git.commit('base');
      git.write(head).commit('the change');
      return runCli(['check', git.dir, '--base', baseSha, ...args]);
    },
    /** The App's report and check run conclusion for a pull request making the change. */
    async app(): Promise<{ report: Report; conclusion: string | null | undefined }> {
      h = await startAppHarness();
      h.fake.seedRepoFromFiles('acme', 'widgets', base);
      const headSha = h.fake.commit('acme', 'widgets', 'feature', head);
      const pr = h.fake.addPull('acme', 'widgets', { head: 'feature', body: '' }).number;
      await h.deliver('pull_request', pullRequestEvent(h.fake, 'acme', 'widgets', pr));
      const result = h.evaluations.at(-1)!.result;
      if (result.kind !== 'evaluated') throw new Error(`the App did not evaluate: ${JSON.stringify(result).slice(0, 300)}`);
      const conclusion = h.fake.repo('acme', 'widgets').checkRuns.find((r) => r.headSha === headSha)?.conclusion;
      return { report: result.report, conclusion };
    },
  };
}
