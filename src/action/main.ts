import { join, resolve } from 'node:path';
import { formatConfigProblem } from '../core/config/problems.js';
import type { CheckContext } from '../core/check-context.js';
import { evaluate } from '../core/evaluate.js';
import { exitCodeFor, type Report } from '../core/report.js';
import type { OctokitLike } from '../github/octokit-like.js';
import { headCommitTime } from '../sources/git.js';
import { LocalDirSnapshot } from '../sources/local-dir-snapshot.js';
import { findingsToAnnotations, type Annotation } from './annotations.js';
import { loadChangeFacts } from './change-facts.js';
import type { ActionInputs } from './inputs.js';
import { loadBaseFiles } from './load-base-files.js';
import { readPullRequestEvent } from './pull-request-event.js';

export interface ActionEnvironment {
  workspace: string;
  eventName: string;
  payload: unknown;
  owner: string;
  repo: string;
  octokit?: OctokitLike;
}

export interface CheckModeResult {
  exitCode: 0 | 1;
  report?: Report;
  /** Config problems (the run fails with them listed). */
  problems: string[];
  annotations: Annotation[];
  omittedAnnotations: number;
  /** One-line notices for the log (config origin, fallbacks). */
  notices: string[];
  pullRequest?: ReturnType<typeof readPullRequestEvent>;
}

const DEFAULT_BASELINE = '.plangate/scan-baseline.json';

/** Check mode: evaluate the checkout with config and suppressions from the PR's base. */
export async function runCheckMode(inputs: ActionInputs, env: ActionEnvironment): Promise<CheckModeResult> {
  const root = resolve(env.workspace, inputs.workingDirectory);
  const snapshot = await LocalDirSnapshot.open(root);
  const pr = readPullRequestEvent(env.eventName, env.payload);
  const notices: string[] = [];
  const context: CheckContext = {};
  let configText: string | undefined;
  let configOrigin = 'working tree';
  let close = () => undefined as void;

  if (pr) {
    const base = await loadBaseFiles({ workspace: root, baseSha: pr.baseSha, configPath: inputs.config, baselinePath: DEFAULT_BASELINE, octokit: env.octokit, owner: env.owner, repo: env.repo });
    close = base.close;
    configText = base.configText;
    context.base = base.snapshot;
    configOrigin = base.origin === 'defaults' ? 'built-in defaults' : `base ${pr.baseSha.slice(0, 12)} (${base.origin})`;
    if (base.origin === 'defaults') notices.push(`plangate could not read the config from the base commit (${base.problem}); using built-in defaults, never the pull request's own config.`);
    const change = await loadChangeFacts({ workspace: root, baseInCheckout: base.origin === 'git', baseSha: pr.baseSha, octokit: env.octokit, owner: env.owner, repo: env.repo, pullNumber: pr.number });
    if (change.problem) notices.push(`plangate could not list the pull request's changed files (${change.problem}); rules that depend on them treat the change as touching everything.`);
    if (change.changedFiles) context.changedFiles = change.changedFiles;
    if (change.changedLines) context.changedLines = change.changedLines;
    if (pr.body !== undefined) context.prBody = pr.body;
    context.labels = pr.labels;
  } else {
    const bytes = await snapshot.readBytes(inputs.config);
    configText = bytes ? Buffer.from(bytes).toString('utf8') : undefined;
  }
  try {
    const result = await evaluate({ snapshot, configText, configFile: inputs.config, checks: inputs.checks, failOn: inputs.failOn, context: { ...context, now: await headCommitTime(root) } });
    if (!result.ok) {
      return { exitCode: 1, problems: result.problems.map(formatConfigProblem), annotations: [], omittedAnnotations: 0, notices, pullRequest: pr };
    }
    result.report.details.notes = [`config: ${inputs.config} from ${configOrigin}`, ...(result.report.details.notes ?? []).filter((n) => !n.startsWith('config:'))];
    const { annotations, omitted } = findingsToAnnotations(result.report.findings, inputs.workingDirectory);
    return { exitCode: exitCodeFor(result.report), report: result.report, problems: [], annotations, omittedAnnotations: omitted, notices, pullRequest: pr };
  } finally {
    close();
  }
}

export function reportPaths(tempDir: string): { json: string } {
  return { json: join(tempDir, 'plangate-report.json') };
}
