import type { ConfigProblem } from '../../core/config/problems.js';
import { loadConfig, type ResolvedConfig } from '../../core/config/resolve-config.js';
import type { CheckContext } from '../../core/check-context.js';
import { describeDiscovery } from '../../core/discovery/describe-discovery.js';
import { detectLayouts, evaluate, type EvaluateResult } from '../../core/evaluate.js';
import type { CheckName } from '../../core/finding.js';
import type { SourceLinks } from '../../core/source-links.js';
import { repositoryWebUrl } from '../../github/repository-web-url.js';
import type { BlobCache } from '../../sources/github/blob-cache.js';
import { GitHubSnapshot } from '../../sources/github/github-snapshot.js';
import type { AppOctokit } from '../github/app-octokit.js';
import type { ConfigSource } from './load-config-source.js';
import { basePathsToPrefetch, pathsToPrefetch } from './paths-to-prefetch.js';

export type OpenedEvaluation =
  /** `config` is there when the default branch has one (it enables no check). */
  | { kind: 'skipped'; reason: string; config?: ResolvedConfig }
  | { kind: 'problems'; problems: ConfigProblem[]; file: string }
  | ReadyEvaluation;

export interface ReadyEvaluation {
  kind: 'ready';
  config: ResolvedConfig;
  configText?: string;
  configFile: string;
  /** Where the config came from, for every output ("….yml on main (1a2b3c4)"). */
  configOrigin: string;
  /** The commit's files on GitHub's web pages, for links from each finding. */
  sourceLinks: SourceLinks;
  head: GitHubSnapshot;
  /** The default branch's tree (the same snapshot as `head` when they are one commit). */
  base: GitHubSnapshot;
}

/**
 * The part every App evaluation shares (a PR's head, an issue's default branch or `Branch:`):
 * the trees of the commit and of the default branch through the API, layout detection over
 * both, and the config from the default branch validated. Skipped exactly when `plangate check`
 * says "nothing to check": the config and the detected layout enable no check.
 */
export async function openCommitEvaluation(
  octokit: AppOctokit,
  cache: BlobCache,
  target: { owner: string; repo: string; headSha: string; baseSha: string; source: ConfigSource },
): Promise<OpenedEvaluation> {
  const { source } = target;
  if (source.kind === 'problems') return { kind: 'problems', problems: source.problems, file: source.file };
  const open = (commitSha: string) => () => GitHubSnapshot.open({ octokit, owner: target.owner, repo: target.repo, commitSha, cache });
  const [head, base] =
    target.headSha === target.baseSha
      ? await open(target.headSha)().then((s) => [s, s] as const)
      : await openBoth(open(target.headSha), open(target.baseSha));
  const configText = source.kind === 'text' ? source.text : undefined;
  // Detected as `evaluate` detects (with the config's discovery.ignore), so the checks decided here are the ones that run.
  const loaded = loadConfig(configText, source.file, (options) => detectLayouts(head, base, options));
  if (!loaded.ok) return { kind: 'problems', problems: loaded.problems, file: source.file };
  if (!loaded.config.enabledChecks.length) {
    return {
      kind: 'skipped',
      reason: nothingToCheck(loaded.config, configText !== undefined),
      ...(configText !== undefined ? { config: loaded.config } : {}),
    };
  }
  return {
    kind: 'ready',
    config: loaded.config,
    configFile: source.file,
    configOrigin: source.kind === 'text' ? source.origin : 'built-in defaults (no config on the default branch)',
    sourceLinks: { repositoryUrl: repositoryWebUrl(octokit, target.owner, target.repo), sha: target.headSha },
    head,
    base,
    ...(configText !== undefined ? { configText } : {}),
  };
}

/**
 * Fetches what the (selected) checks read in GraphQL batches, then runs the same `evaluate` as
 * the CLI. `beside` runs alongside the prefetch (the PR flow's commit time rides with a batch).
 * A blob that could not be read fails the evaluation rather than pass it on a missing file.
 */
export async function evaluateOpened(
  opened: ReadyEvaluation,
  options: { context: CheckContext; planRef?: string; checks?: readonly CheckName[]; beside?: () => Promise<void> },
): Promise<EvaluateResult> {
  const { head, base, config } = opened;
  const selected = options.checks ? { ...config, enabledChecks: config.enabledChecks.filter((c) => options.checks!.includes(c)) } : config;
  await Promise.all([
    head.prefetch(pathsToPrefetch(head, selected, options.planRef)),
    base === head ? Promise.resolve() : base.prefetch(basePathsToPrefetch(base, selected)),
    options.beside?.(),
  ]);
  const result = await evaluate({
    snapshot: head,
    configText: opened.configText,
    configFile: opened.configFile,
    configOrigin: opened.configOrigin,
    sourceLinks: opened.sourceLinks,
    context: { ...options.context, base },
    ...(options.checks ? { checks: options.checks } : {}),
  });
  const readFailure = head.failures[0] ?? base.failures[0];
  if (readFailure) throw readFailure;
  return result;
}

/** The CLI's "nothing to check" line, for the App's log. */
function nothingToCheck(config: ResolvedConfig, hasConfig: boolean): string {
  const found = config.detected.discovery ? describeDiscovery(config.detected.discovery) : 'no skills';
  return `nothing to check — ${found}, no planning tool's plans, and ${hasConfig ? 'a config that enables no check' : 'no config on the default branch'}`;
}

/** Opens both snapshots in parallel and waits for both, so no request outlives a failed evaluation. */
async function openBoth(
  head: () => Promise<GitHubSnapshot>,
  base: () => Promise<GitHubSnapshot>,
): Promise<[GitHubSnapshot, GitHubSnapshot]> {
  const [h, b] = await Promise.allSettled([head(), base()]);
  if (h.status === 'rejected') throw h.reason;
  if (b.status === 'rejected') throw b.reason;
  return [h.value, b.value];
}
