import type { CheckName, Finding, Severity } from './finding.js';
import type { SourceLinks } from './source-links.js';

/** The planning gate: `not-checked` when the plans check did not run (no layout detected, or `checks:` leaves it out). */
export type GateStatus = 'unlocked' | 'blocked' | 'not-required' | 'not-checked';
export type CheckStatus = 'pass' | 'fail' | 'skipped';

export interface CheckSummary {
  status: CheckStatus;
  errors: number;
  warnings: number;
  notices: number;
}

/** A part of a graph worth drawing (task-graph problems); renderers turn it into Mermaid. */
export interface GraphPicture {
  title: string;
  file: string;
  nodes: { id: string; status?: string; problem?: boolean }[];
  edges: { from: string; to: string; kind: 'parent' | 'dependsOn'; problem?: boolean }[];
  /** Nodes left out to keep the picture small. */
  omitted: number;
}

/** What the planning gate found, for the BLOCKED/UNLOCKED overlay text. */
export interface PlansGateDetails {
  layout: string;
  dir: string;
  status: 'UNLOCKED' | 'BLOCKED' | 'NOT_REQUIRED';
  /** Patterns still missing, e.g. `prd-*.md`, `test-spec-*.md`. */
  missing: string[];
  prd?: string;
  testSpec?: string;
  /** Why the gate does not apply (when-changed, exempt label). */
  reason?: string;
  /** How the plan was chosen when several could apply (omc: the `Plan:` line, changed here, last by name). */
  selectedBy?: string;
  /** Why this change needs a plan (the changed file that matched plans.whenChanged, or require: always). */
  requiredBecause?: string;
  /** Blob SHAs of the selected artifacts, for approval receipts. */
  prdSha?: string;
  testSpecSha?: string;
  /** The PRD's `prd.json` stories file, the one the ralph runner would read, and its blob SHA. */
  storiesFile?: string;
  storiesSha?: string;
}

/** Information for people (markdown/text renderers); never part of the JSON contract. */
export interface ReportDetails {
  plans?: PlansGateDetails;
  graphs?: GraphPicture[];
  /** One-line notes about how the evaluation ran (suppressions honoured, …). */
  notes?: string[];
  /** Where each finding's file can be read (the entry point's repository and commit); none for a local run. */
  sourceLinks?: SourceLinks;
}

/** How the evaluation was set up: the config's origin and what layout detection found, and why. */
export interface ReportSetup {
  /**
   * Where the config came from, for people, as the entry point knows it: "built-in defaults",
   * ".github/plangate.yml from base 1a2b3c4d5e6f" (the Action), "….yml on main (1a2b3c4)" (the App).
   */
  configOrigin: string;
  /** The config file that was read; undefined when built-in defaults and detection decided. */
  configFile?: string;
  /** Presets applied, each with the reason ("`.omx/plans/` holds prd-x.md", "named in the config"). */
  presets: { name: string; because: string }[];
  /** Layouts that almost matched and why they did not. */
  nearMisses: string[];
  /** One line: what discovery found ("312 skills in skills/, plugins/<star>/skills/ · 8 agent files"). */
  discovered: string;
  skills: { count: number; roots: string[] };
  agentFiles: number;
  instructionFiles: number;
}

export interface Report {
  version: 1;
  tool: 'plangate';
  gate: GateStatus;
  checks: Record<CheckName, CheckSummary>;
  findings: Finding[];
  counts: Record<Severity, number>;
  suppressed: number;
  scanned: { files: number; bytes: number };
  details: ReportDetails;
  /** Config origin and detected layout (set by `evaluate`). */
  setup?: ReportSetup;
  /** Wall time per check, for benchmarks and logs; not part of the JSON contract. */
  timingsMs: Partial<Record<CheckName, number>>;
}

export function countSeverities(findings: readonly Finding[]): Record<Severity, number> {
  const counts: Record<Severity, number> = { error: 0, warning: 0, notice: 0 };
  for (const f of findings) counts[f.severity]++;
  return counts;
}

/** Exit code contract: 0 pass, 1 a check failed. (2 — usage/config — is decided by the adapters.) */
export function exitCodeFor(report: Report): 0 | 1 {
  return Object.values(report.checks).some((c) => c.status === 'fail') ? 1 : 0;
}

/** The one overall verdict every renderer shows first; it always agrees with the exit code. */
export function overallResult(report: Report): 'pass' | 'fail' {
  return exitCodeFor(report) === 0 ? 'pass' : 'fail';
}
