import type { ResolvedConfig } from '../core/config/resolve-config.js';
import { deriveStoriesFromMarkdown } from '../core/ralph/derive-stories-from-markdown.js';
import { extractVerifyCommands } from '../core/ralph/extract-verify-commands.js';
import type { RalphStoryInput } from '../core/ralph/ralph-state.js';
import { discoverPlanArtifacts } from '../core/plans/discover-plan-artifacts.js';
import { selectTestSpec } from '../core/plans/match-test-specs.js';
import { parseArtifactName } from '../core/plans/parse-artifact-name.js';
import { latestArtifact, type PlanArtifact } from '../core/plans/plan-artifact.js';
import { gitBlobSha } from '../core/git-blob-sha.js';
import type { PlanFileRead, PlanFileRole } from '../core/ralph/plan-pins.js';
import { prdSlug, storiesFileCandidates } from '../core/ralph/stories-file-candidates.js';
import { decodeText } from '../core/text.js';
import type { RepoSnapshot } from '../core/snapshot.js';
import { parseRalphPrd } from '../core/tasks/parse-ralph-prd.js';
import { pushAll } from '../core/push-all.js';

export interface LoadRalphPlanInput {
  snapshot: RepoSnapshot;
  config: ResolvedConfig;
  /** Repo-relative PRD path; default: the latest PRD that has a matching test spec. */
  plan?: string;
  /** Repo-relative test spec path (the approved one); default: the test spec that matches the PRD. */
  testSpec?: string;
  /** `--verify` / the Action's `verify` input; replaces config and test spec commands. */
  verify?: readonly string[];
}

export interface LoadedRalphPlan {
  prdPath: string;
  prdText: string;
  testSpecPath?: string;
  /** Slug for the branch name (`plangate/ralph-<issue>-<slug>`). */
  slug: string;
  stories: RalphStoryInput[];
  storySource: 'prd.json' | 'stories-section' | 'acceptance-criteria';
  /** The prd.json the stories came from. */
  storyFile?: string;
  verify: string[];
  verifySource: 'input' | 'config' | 'test-spec' | 'none';
  /** Non-blocking notes (prd.json warnings, no verify commands, …). */
  warnings: string[];
  /** Every plan file read — PRD, stories file, test spec — with the blob ids of exactly the bytes read. */
  files: PlanFileRead[];
  /** Stories-file candidates looked for and not found (a pinned commit must not have them either). */
  absent: string[];
}

export type LoadRalphPlanResult = { ok: true; plan: LoadedRalphPlan } | { ok: false; problems: string[] };

/**
 * The PRD and its stories (prd.json sidecar, else the markdown's stories, else one story
 * per acceptance criterion) and the verify commands (input, config `ralph.verify`, else the
 * matching test spec's command blocks). A prd.json the tasks check rejects stops here.
 */
export async function loadRalphPlan(input: LoadRalphPlanInput): Promise<LoadRalphPlanResult> {
  const { snapshot, config } = input;
  const prd = input.plan ? artifactFor(input.plan) : latestCompletePrd(snapshot, config);
  if (!prd) {
    return {
      ok: false,
      problems: [`no plan given and no complete plan (a PRD with a matching test spec) in \`${config.plans.dir}/\`: pass --plan <prd.md>`],
    };
  }
  const files: PlanFileRead[] = [];
  const absent: string[] = [];
  const prdText = await readPlanFile(snapshot, prd.path, 'PRD', files);
  if (prdText === undefined) return { ok: false, problems: [`${prd.path}: the plan file does not exist (or is not a regular file)`] };
  const warnings: string[] = [];

  const sidecar = await findSidecar(snapshot, prd, files, absent);
  let stories: RalphStoryInput[];
  let storySource: LoadedRalphPlan['storySource'];
  if (sidecar) {
    const parsed = parseRalphPrd(sidecar.text, sidecar.path);
    const located = parsed.diagnostics.map(
      (d) => `${sidecar.path}${d.position ? `:${d.position.line}:${d.position.column}` : ''}: ${d.message}`,
    );
    if (!parsed.ok) {
      return {
        ok: false,
        problems: [
          `${sidecar.path} is rejected by the tasks check; the ralph runner does not start on it:`,
          ...located.filter((_, i) => parsed.diagnostics[i]!.severity === 'error'),
        ],
      };
    }
    pushAll(warnings, located);
    stories = parsed.stories.map((s) => ({
      id: s.id,
      title: s.title,
      description: s.description,
      criteria: s.acceptanceCriteria,
      priority: s.priority,
      verify: s.verify ?? [],
      passes: s.passes,
    }));
    storySource = 'prd.json';
  } else {
    const derived = deriveStoriesFromMarkdown(prdText);
    if (derived.source === 'none') {
      return {
        ok: false,
        problems: [
          `${prd.path}: no stories: add a "## User stories" section with "### <id>: <title>" stories and their "- [ ]" criteria, an "## Acceptance criteria" list, or a prd.json beside it`,
        ],
      };
    }
    stories = derived.stories;
    storySource = derived.source;
  }

  let testSpec: { path: string; text: string } | undefined;
  if (input.testSpec) {
    const path = input.testSpec.replace(/^\.\//, '');
    const text = await readPlanFile(snapshot, path, 'test spec', files);
    if (text === undefined) return { ok: false, problems: [`${path}: the test spec does not exist (or is not a regular file)`] };
    testSpec = { path, text };
  } else testSpec = await findTestSpec(snapshot, prd, config, files);
  let verify: string[] = [];
  let verifySource: LoadedRalphPlan['verifySource'] = 'none';
  if (input.verify?.length) [verify, verifySource] = [[...input.verify], 'input'];
  else if (config.ralph.verify.length) [verify, verifySource] = [[...config.ralph.verify], 'config'];
  else if (testSpec) {
    verify = extractVerifyCommands(testSpec.text);
    if (verify.length) verifySource = 'test-spec';
  }
  if (!verify.length)
    warnings.push(
      "no verify commands (no --verify, no ralph.verify, no command block in a matching test spec): only the agent's exit status and the stories' own verify[] judge the attempts",
    );

  const plan: LoadedRalphPlan = {
    prdPath: prd.path,
    prdText,
    slug: slugOf(prd),
    stories,
    storySource,
    verify,
    verifySource,
    warnings,
    files,
    absent,
  };
  if (sidecar) plan.storyFile = sidecar.path;
  if (testSpec) plan.testSpecPath = testSpec.path;
  return { ok: true, plan };
}

function artifactFor(path: string): PlanArtifact {
  const clean = path.replace(/^\.\//, '');
  const basename = clean.slice(clean.lastIndexOf('/') + 1);
  const parsed = parseArtifactName(basename);
  return {
    kind: 'prd',
    slug: prdSlug(basename),
    timestamp: parsed?.timestamp,
    path: clean,
    basename,
  };
}

function dirOf(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? '' : path.slice(0, i);
}

function discover(snapshot: RepoSnapshot, dir: string, config: ResolvedConfig) {
  const custom = config.plans.layout === 'custom';
  return discoverPlanArtifacts(snapshot, {
    dir: dir || '.',
    prdPatterns: custom ? config.plans.prdPatterns : undefined,
    testSpecPatterns: custom ? config.plans.testSpecPatterns : undefined,
  });
}

function latestCompletePrd(snapshot: RepoSnapshot, config: ResolvedConfig): PlanArtifact | undefined {
  const found = discover(snapshot, config.plans.dir.replace(/\/+$/, ''), config);
  return latestArtifact(found.prds.filter((p) => selectTestSpec(p, found.testSpecs, config.plans.matching)));
}

async function findTestSpec(
  snapshot: RepoSnapshot,
  prd: PlanArtifact,
  config: ResolvedConfig,
  files: PlanFileRead[],
): Promise<{ path: string; text: string } | undefined> {
  const spec = selectTestSpec(prd, discover(snapshot, dirOf(prd.path), config).testSpecs, config.plans.matching);
  if (!spec) return undefined;
  const text = await readPlanFile(snapshot, spec.path, 'test spec', files);
  return text === undefined ? undefined : { path: spec.path, text };
}

/** The first stories file there is (`storiesFileCandidates`); the ones looked for before it are `absent`. */
async function findSidecar(
  snapshot: RepoSnapshot,
  prd: PlanArtifact,
  files: PlanFileRead[],
  absent: string[],
): Promise<{ path: string; text: string } | undefined> {
  for (const path of storiesFileCandidates(prd.path)) {
    const text = await readPlanFile(snapshot, path, 'stories file', files);
    if (text !== undefined) return { path, text };
    absent.push(path);
  }
  return undefined;
}

/** Reads and decodes a plan file once, noting the blob ids of exactly the bytes read. */
async function readPlanFile(snapshot: RepoSnapshot, path: string, role: PlanFileRole, files: PlanFileRead[]): Promise<string | undefined> {
  const bytes = await snapshot.readBytes(path);
  if (!bytes) return undefined;
  files.push({ role, path, blob: { sha1: gitBlobSha(bytes), sha256: gitBlobSha(bytes, 'sha256') } });
  return decodeText(bytes).text;
}

function slugOf(prd: PlanArtifact): string {
  const slug = prd.slug
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return slug || 'plan';
}
