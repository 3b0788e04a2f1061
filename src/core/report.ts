import type { CheckName, Finding, Severity } from './finding.js';

export type GateStatus = 'unlocked' | 'blocked' | 'not-required';
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
  /** Blob SHAs of the selected artifacts, for approval receipts. */
  prdSha?: string;
  testSpecSha?: string;
}

/** Information for people (markdown/text renderers); never part of the JSON contract. */
export interface ReportDetails {
  plans?: PlansGateDetails;
  graphs?: GraphPicture[];
  /** One-line notes about how the evaluation ran (config origin, suppressions honoured, …). */
  notes?: string[];
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
