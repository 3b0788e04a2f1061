import { detectLayout, mergeLayouts, type DetectedLayout } from './config/detect.js';
import { describeSetup } from './config/describe-setup.js';
import type { DiscoveryOptions } from './discovery/discover-skills.js';
import type { ConfigProblem } from './config/problems.js';
import { loadConfig, type ResolvedConfig } from './config/resolve-config.js';
import type { FailOn } from './config/schema.js';
import type { CheckContext } from './check-context.js';
import { runChecks } from './check.js';
import { CHECK_NAMES, type CheckName } from './finding.js';
import type { Report } from './report.js';
import type { RepoSnapshot } from './snapshot.js';
import type { SourceLinks } from './source-links.js';

export interface EvaluateInput {
  snapshot: RepoSnapshot;
  /** Config text from the trusted place (base/default branch for PRs, the working tree for the CLI). */
  configText?: string;
  configFile: string;
  /** Override the enabled checks (CLI `--checks`, Action `checks`). */
  checks?: readonly CheckName[];
  /** Override `scan.failOn` (CLI `--fail-on`, Action `fail-on`). */
  failOn?: FailOn;
  context?: CheckContext;
  /** Where the config came from, as the entry point says it (default: the config file, or "built-in defaults"). */
  configOrigin?: string;
  /** Where the checked files can be read on the web, for links from each finding. */
  sourceLinks?: SourceLinks;
}

export type EvaluateResult = { ok: true; report: Report; config: ResolvedConfig } | { ok: false; problems: ConfigProblem[] };

/** The one evaluation every entry point shares: config → checks → Report. */
export async function evaluate(input: EvaluateInput): Promise<EvaluateResult> {
  const loaded = loadConfig(input.configText, input.configFile, (options) => detectLayouts(input.snapshot, input.context?.base, options));
  if (!loaded.ok) return loaded;
  const config = applyOverrides(loaded.config, input);
  const report = await runChecks(input.snapshot, config, input.context ?? {});
  report.setup = describeSetup(config, input.configText === undefined ? undefined : input.configFile, input.configOrigin);
  if (input.sourceLinks) report.details.sourceLinks = input.sourceLinks;
  return { ok: true, report, config };
}

/**
 * Layout detection over head and base together: a change that deletes `.omx/plans`
 * must not switch the plans gate off for itself.
 */
export function detectLayouts(head: RepoSnapshot, base?: RepoSnapshot, options: DiscoveryOptions = {}): DetectedLayout {
  const a = detectLayout(head, options);
  if (!base || base === head) return a;
  return mergeLayouts(a, detectLayout(base, options));
}

function applyOverrides(config: ResolvedConfig, input: EvaluateInput): ResolvedConfig {
  let result = config;
  if (input.checks) result = { ...result, enabledChecks: CHECK_NAMES.filter((c) => input.checks!.includes(c)) };
  if (input.failOn) result = { ...result, scan: { ...result.scan, failOn: input.failOn } };
  return result;
}
