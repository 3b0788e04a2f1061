import { join, resolve } from 'node:path';
import { formatConfigProblem } from '../core/config/problems.js';
import type { CheckContext } from '../core/check-context.js';
import type { SourceLinks } from '../core/source-links.js';
import { evaluate } from '../core/evaluate.js';
import { exitCodeFor, type Report } from '../core/report.js';
import { listChangedFilesFromGit, listChangedLinesFromGit } from '../sources/git-changes.js';
import { headCommitTimeOnDemand } from '../sources/git.js';
import { LocalDirSnapshot } from '../sources/local-dir-snapshot.js';
import { findingsToAnnotations, type Annotation } from './annotations.js';
import type { ActionInputs } from './inputs.js';
import { resolveConfigExtends, repositoryOwnerOf } from '../sources/config/resolve-config-extends.js';
import { lazyOctokit } from './lazy-octokit.js';
import { loadBaseTree } from './load-base-tree.js';
import { readPullRequestEvent } from './pull-request-event.js';

export interface ActionEnvironment {
  workspace: string;
  eventName: string;
  payload: unknown;
  /** Used only to fetch the PR's base into a shallow checkout. */
  token?: string;
  /** The repository's web page (`$GITHUB_SERVER_URL/$GITHUB_REPOSITORY`), for links from each finding. */
  repositoryUrl?: string;
  /** The commit the workflow runs on (`$GITHUB_SHA`); a pull request's links use its head instead. */
  sha?: string;
}

export interface CheckModeResult {
  exitCode: 0 | 1;
  report?: Report;
  /** Config problems (the run fails with them listed). */
  problems: string[];
  /** Why the gate could not be evaluated at all (the run fails with it). */
  failure?: string;
  annotations: Annotation[];
  omittedAnnotations: number;
  /** Warnings and notices not annotated because the pull request does not change their file. */
  unannotatedElsewhere: number;
  /** One-line notices for the log (config origin, fallbacks). */
  notices: string[];
  pullRequest?: ReturnType<typeof readPullRequestEvent>;
  /** Lines the pull request adds or edits (the comment and summary show the findings on them first). */
  changedLines?: CheckContext['changedLines'];
}

/** Check mode: evaluate the checkout with config and suppressions from the PR's base. */
export async function runCheckMode(inputs: ActionInputs, env: ActionEnvironment): Promise<CheckModeResult> {
  const root = resolve(env.workspace, inputs.workingDirectory);
  const pr = readPullRequestEvent(env.eventName, env.payload);
  const notices: string[] = [];
  const failed = (fields: { problems?: string[]; failure?: string }): CheckModeResult => ({
    exitCode: 1,
    problems: [],
    ...fields,
    annotations: [],
    omittedAnnotations: 0,
    unannotatedElsewhere: 0,
    notices,
    pullRequest: pr,
  });
  const base = pr ? await loadBaseTree({ workspace: root, baseSha: pr.baseSha, configPath: inputs.config, token: env.token }) : undefined;
  if (base && !base.ok) return failed({ failure: base.problem });
  try {
    const snapshot = await LocalDirSnapshot.open(root);
    const context: CheckContext = {};
    let configText: string | undefined;
    let configPlace = 'the working tree';
    if (pr && base?.ok) {
      configText = base.configText;
      configPlace = `base ${pr.baseSha.slice(0, 12)}`;
      if (base.fetched) notices.push(`plangate fetched the base commit ${pr.baseSha.slice(0, 12)} into the shallow checkout.`);
      const baseSha = base.snapshot.commitSha;
      [context.changedFiles, context.changedLines] = await Promise.all([
        listChangedFilesFromGit(root, baseSha, 'HEAD'),
        listChangedLinesFromGit(root, baseSha, 'HEAD'),
      ]);
      context.base = base.snapshot;
      context.labels = pr.labels;
      if (pr.body !== undefined) context.prBody = pr.body;
    } else {
      const bytes = await snapshot.readBytes(inputs.config);
      configText = bytes ? Buffer.from(bytes).toString('utf8') : undefined;
    }
    // `_extends` is read from the tree the config came from; other repositories through the API with the token.
    const extended = await resolveConfigExtends({
      text: configText,
      file: inputs.config,
      tree: pr && base?.ok ? base.snapshot : snapshot,
      ...(env.token ? { github: { requester: lazyOctokit(env.token), owner: repositoryOwnerOf(env.payload) } } : {}),
      noGitHub: 'the Action was given no token (github-token input)',
    });
    if (!extended.ok) return failed({ problems: extended.problems.map(formatConfigProblem) });
    // The commit time (for stale task claims): one git process, started only when a check has a claim to judge.
    context.now = headCommitTimeOnDemand(root);
    const sourceLinks = sourceLinksOf(env, pr?.headSha, inputs.workingDirectory);
    const result = await evaluate({
      snapshot,
      configText: extended.text,
      configFile: extended.file,
      configOrigin:
        extended.text === undefined ? `built-in defaults (no ${inputs.config} in ${configPlace})` : `${extended.file} from ${configPlace}`,
      ...(sourceLinks ? { sourceLinks } : {}),
      checks: inputs.checks,
      failOn: inputs.failOn,
      context,
    });
    if (!result.ok) return failed({ problems: result.problems.map(formatConfigProblem) });
    const scope = pr && inputs.annotations === 'changed-files' ? context.changedFiles : undefined;
    const { annotations, omitted, elsewhere } = findingsToAnnotations(result.report.findings, inputs.workingDirectory, scope);
    return {
      exitCode: exitCodeFor(result.report),
      report: result.report,
      problems: [],
      annotations,
      omittedAnnotations: omitted,
      unannotatedElsewhere: elsewhere,
      notices,
      pullRequest: pr,
      changedLines: context.changedLines,
    };
  } finally {
    if (base?.ok) base.snapshot.close();
  }
}

/** Blob links at the commit that was checked (the PR head, not the merge commit), under the working directory. */
function sourceLinksOf(env: ActionEnvironment, headSha: string | undefined, root: string): SourceLinks | undefined {
  const sha = headSha ?? env.sha;
  return env.repositoryUrl && sha ? { repositoryUrl: env.repositoryUrl, sha, root } : undefined;
}

export function reportPaths(tempDir: string): { json: string } {
  return { json: join(tempDir, 'plangate-report.json') };
}
