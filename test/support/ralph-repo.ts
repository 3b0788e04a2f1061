import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FakeGitHub } from './fake-github/index.js';
import { PRD_BODY, SPEC_BODY } from './evaluate-files.js';
import { EXAMPLES } from './paths.js';

export const OWNER = 'acme';
export const REPO = 'widgets';
export const PRD = '.omx/plans/prd-export.md';
export const SPEC = '.omx/plans/test-spec-export.md';
export const RALPH_WORKFLOW = '.github/workflows/plangate-ralph.yml';

/**
 * People and what GitHub lets them do here: alice maintains, wendy writes, tom triages, rita
 * reads. `ralph.approvers` defaults to write.
 */
export const PEOPLE = { maintainer: 'alice', writer: 'wendy', triager: 'tom', reader: 'rita' } as const;

/**
 * A repository set up for label-driven runs: the example ralph workflow on the default branch,
 * a PRD (and its test spec unless `withSpec: false`), an optional config, the four people.
 */
export function seedRalphRepo(
  fake: FakeGitHub,
  options: { config?: string; withSpec?: boolean; files?: Record<string, string> } = {},
): string {
  const files: Record<string, string> = {
    'README.md': '# widgets\n',
    [RALPH_WORKFLOW]: readFileSync(join(EXAMPLES, 'workflows/plangate-ralph.yml'), 'utf8'),
    [PRD]: PRD_BODY,
    ...(options.withSpec === false ? {} : { [SPEC]: SPEC_BODY }),
    ...(options.config ? { '.github/plangate.yml': options.config } : {}),
    ...options.files,
  };
  const sha = fake.seedRepoFromFiles(OWNER, REPO, files);
  fake.setPermission(OWNER, REPO, PEOPLE.maintainer, 'maintain');
  fake.setPermission(OWNER, REPO, PEOPLE.writer, 'write');
  fake.setPermission(OWNER, REPO, PEOPLE.triager, 'triage');
  fake.setPermission(OWNER, REPO, PEOPLE.reader, 'read');
  return sha;
}

export const REQUIRE_APPROVAL = 'plans:\n  requireApproval: true\n';

/** The result file the ralph runner writes (docs/ralph.md), for a run that finished `outcome`. */
export function ralphResult(issue: number, outcome: 'completed' | 'blocked' | 'exhausted', prUrl?: string): string {
  const stories = [
    { id: 'US-1', title: 'Export writes one row per finding', passes: true, attempts: 1 },
    { id: 'US-2', title: 'CSV matches the fixture', passes: outcome === 'completed', attempts: outcome === 'completed' ? 1 : 3 },
  ];
  return JSON.stringify(
    {
      outcome,
      iterations: outcome === 'completed' ? 2 : 4,
      stories,
      runId: '20260501T120000Z-1a2b3c',
      maxIterations: 10,
      plan: PRD,
      reason: outcome === 'completed' ? 'all 2 stories pass' : 'US-2 missed 3 times in a row',
      ...(prUrl ? { prUrl } : {}),
      issue,
    },
    null,
    2,
  );
}
