import { pushAll } from '../push-all.js';

/** A full git object id: sha1 (40 hex digits) or sha256 (64). */
export const OBJECT_ID = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

/**
 * What the plan gate and the approval were checked against, so the run reads exactly that
 * (docs/ralph.md, "Run what was approved"): the App's dispatch inputs `commit`, `prd-sha`,
 * `test-spec`, `test-spec-sha`, `stories-sha`, or the CLI's `--commit`, `--prd-sha`, `--test-spec`,
 * `--test-spec-sha`.
 */
export interface PlanPins {
  /** The commit the gate was evaluated at: the checkout must be at it, and the plan files as it has them. */
  commit?: string;
  /** Blob SHA of the approved PRD. */
  prdSha?: string;
  /** The approved test spec's path: the runner reads this one instead of looking for a match. */
  testSpec?: string;
  /** Blob SHA of the approved test spec. */
  testSpecSha?: string;
  /** Blob SHA of the approved `prd.json` stories file (the PRD's, found where the runner looks). */
  storiesSha?: string;
}

export type RawPlanPins = { [K in keyof PlanPins]?: string | undefined };

/** Blob ids of the bytes the runner read, in both object formats (the pin or the repository decides which counts). */
export interface BlobIds {
  sha1: string;
  sha256: string;
}

export type PlanFileRole = 'PRD' | 'test spec' | 'stories file';

export interface PlanFileRead {
  role: PlanFileRole;
  /** Repository path as the runner named it (relative to the workdir). */
  path: string;
  blob: BlobIds;
}

/** The checkout, when a commit is pinned: where HEAD is and what the pinned commit holds at each path. */
export interface PinnedCheckout {
  /** HEAD's commit; undefined when the workdir is not a git checkout with a commit. */
  head?: string;
  objectFormat: 'sha1' | 'sha256';
  /** Path → the pinned commit's blob there, or null when the commit has no file at that path. */
  atCommit: ReadonlyMap<string, string | null>;
}

/** Empty values are no pin; ids are compared lower-cased; a malformed id is a problem, never ignored. */
export function parsePlanPins(raw: RawPlanPins): { ok: true; pins: PlanPins } | { ok: false; problems: string[] } {
  const pins: PlanPins = {};
  const problems: string[] = [];
  const id = (value: string | undefined, what: string, key: 'commit' | 'prdSha' | 'testSpecSha' | 'storiesSha') => {
    const text = value?.trim().toLowerCase();
    if (!text) return;
    if (OBJECT_ID.test(text)) pins[key] = text;
    else problems.push(`the ${what} ${JSON.stringify(value!.slice(0, 80))} is not a full object id (40 or 64 hex digits)`);
  };
  id(raw.commit, 'pinned commit', 'commit');
  id(raw.prdSha, 'PRD blob SHA', 'prdSha');
  id(raw.testSpecSha, 'test spec blob SHA', 'testSpecSha');
  id(raw.storiesSha, 'stories file blob SHA', 'storiesSha');
  const testSpec = raw.testSpec?.trim().replace(/^\.\//, '');
  if (testSpec) pins.testSpec = testSpec;
  return problems.length ? { ok: false, problems } : { ok: true, pins };
}

export function hasPlanPins(pins: PlanPins): boolean {
  return Boolean(pins.commit || pins.prdSha || pins.testSpec || pins.testSpecSha || pins.storiesSha);
}

/**
 * Why the run must not start on these files: every way they differ from what was approved, each
 * naming the file and the expected and actual blob (or commit). Empty = the run reads exactly
 * the approved plan. `files` are the plan files the runner read (PRD, test spec, stories file);
 * `absent` are the stories-file candidates it looked for and did not find.
 */
export function planPinProblems(input: {
  pins: PlanPins;
  prd: PlanFileRead;
  testSpec?: PlanFileRead;
  /** The `prd.json` stories file read, if any. */
  stories?: PlanFileRead;
  files: readonly PlanFileRead[];
  absent: readonly string[];
  /** Required when `pins.commit` is set; undefined = not a git checkout. */
  checkout?: PinnedCheckout;
}): string[] {
  const { pins, prd, testSpec, stories } = input;
  const problems: string[] = [];
  if (pins.prdSha) {
    const actual = blobIn(prd.blob, pins.prdSha);
    if (actual !== pins.prdSha) problems.push(`${prd.path} is not the approved PRD: expected blob ${pins.prdSha}, found ${actual}`);
  }
  if (pins.testSpec && testSpec?.path !== pins.testSpec)
    problems.push(`the approved test spec is ${pins.testSpec}, but the run would read ${testSpec ? testSpec.path : 'no test spec'}`);
  if (pins.testSpecSha) {
    if (!testSpec) problems.push(`the approved plan has a test spec (blob ${pins.testSpecSha}), but the run found none to read`);
    else {
      const actual = blobIn(testSpec.blob, pins.testSpecSha);
      if (actual !== pins.testSpecSha)
        problems.push(`${testSpec.path} is not the approved test spec: expected blob ${pins.testSpecSha}, found ${actual}`);
    }
  }
  if (pins.storiesSha) {
    if (!stories)
      problems.push(
        `the approved plan has a stories file (blob ${pins.storiesSha}), but the run found none to read: its stories would come from the PRD`,
      );
    else {
      const actual = blobIn(stories.blob, pins.storiesSha);
      if (actual !== pins.storiesSha)
        problems.push(`${stories.path} is not the approved stories file: expected blob ${pins.storiesSha}, found ${actual}`);
    }
  }
  if (pins.commit) pushAll(problems, commitProblems(pins.commit, input.files, input.absent, input.checkout));
  return problems;
}

/** Why a checkout (undefined: not a git checkout) is not at the pinned commit; undefined when it is. */
export function pinnedHeadProblem(commit: string, checkout: { head?: string } | undefined): string | undefined {
  if (!checkout) return `the run is pinned to commit ${commit}, but the workdir is not a git checkout`;
  if (checkout.head === commit) return undefined;
  return `the checkout is at ${checkout.head ?? 'no commit'}, not the approved commit ${commit}: check out that commit (the example workflow's actions/checkout step has \`ref: \${{ inputs.commit }}\`)`;
}

function commitProblems(
  commit: string,
  files: readonly PlanFileRead[],
  absent: readonly string[],
  checkout: PinnedCheckout | undefined,
): string[] {
  const headProblem = pinnedHeadProblem(commit, checkout);
  if (headProblem || !checkout) return [headProblem!];
  const problems: string[] = [];
  const short = commit.slice(0, 12);
  for (const file of files) {
    const there = checkout.atCommit.get(file.path);
    const here = file.blob[checkout.objectFormat];
    if (there === null || there === undefined) problems.push(`${file.path} (the ${file.role}) is not in the approved commit ${short}`);
    else if (there !== here)
      problems.push(`${file.path} (the ${file.role}) differs from the approved commit ${short}: expected blob ${there}, found ${here}`);
  }
  for (const path of absent) {
    const there = checkout.atCommit.get(path);
    if (there) problems.push(`${path} is in the approved commit ${short} (blob ${there}) but missing from the work tree`);
  }
  return problems;
}

function blobIn(blob: BlobIds, pin: string): string {
  return pin.length === 64 ? blob.sha256 : blob.sha1;
}
