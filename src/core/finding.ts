import { createHash } from './hash.js';

export const CHECK_NAMES = ['plans', 'tasks', 'catalog', 'scan'] as const;
export type CheckName = (typeof CHECK_NAMES)[number];

/** `error` fails the gate, `warning` is reported, `notice` is information. */
export type Severity = 'error' | 'warning' | 'notice';
/** Scanner findings also carry a risk level. */
export type ScanLevel = 'HIGH' | 'MEDIUM' | 'LOW';

export interface Finding {
  check: CheckName;
  /** `<check>/<code>` for most checks; `S001`… for scanner rules. */
  ruleId: string;
  severity: Severity;
  level?: ScanLevel;
  /** Repo-relative path, when the finding has a place. */
  file?: string;
  line?: number;
  column?: number;
  endLine?: number;
  endColumn?: number;
  message: string;
  /** How to fix it. */
  help?: string;
  /** Short title for annotations (defaults to the rule id). */
  title?: string;
  /** Why the rule exists, said once per rule by renderers (scanner findings; not in the JSON report). */
  why?: string;
  /** Stable across line moves: derived from rule, file and a content key, never from the line. */
  fingerprint: string;
  /**
   * Rule and content key without the file: the same finding after its file was renamed or moved
   * (a baseline entry follows it). Only findings that name their content key have one.
   */
  contentFingerprint?: string;
  /** A "N more not listed" finding of the caps: how many findings it stands for. */
  more?: number;
  /** Scanner findings: the signals (evidence) the level rests on, e.g. `download`, `execute`. */
  signals?: string[];
}

export interface FindingInput extends Omit<Finding, 'fingerprint'> {
  /** What identifies this finding within its file (defaults to the message). */
  fingerprintKey?: string;
}

export function fingerprintOf(ruleId: string, file: string | undefined, key: string): string {
  return createHash('sha256')
    .update(`${ruleId}\0${file ?? ''}\0${key}`)
    .digest('hex')
    .slice(0, 20);
}

export function makeFinding(input: FindingInput): Finding {
  const { fingerprintKey, ...rest } = input;
  const finding: Finding = {
    ...rest,
    fingerprint: fingerprintOf(input.ruleId, input.file, fingerprintKey ?? input.message),
    ...(fingerprintKey !== undefined && input.file !== undefined
      ? { contentFingerprint: fingerprintOf(input.ruleId, undefined, fingerprintKey) }
      : {}),
  };
  for (const key of Object.keys(finding) as (keyof Finding)[]) {
    if (finding[key] === undefined) delete finding[key];
  }
  return finding;
}

const SEVERITY_RANK: Record<Severity, number> = { error: 0, warning: 1, notice: 2 };

/** Deterministic order: errors first, then by file, line, column, rule, message. */
export function compareFindings(a: Finding, b: Finding): number {
  return (
    SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] ||
    cmp(a.file ?? '', b.file ?? '') ||
    (a.line ?? 0) - (b.line ?? 0) ||
    (a.column ?? 0) - (b.column ?? 0) ||
    cmp(a.ruleId, b.ruleId) ||
    cmp(a.message, b.message)
  );
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Drops exact repeats (same fingerprint and line), keeping the first. */
export function dedupeFindings(findings: Finding[]): Finding[] {
  const seen = new Set<string>();
  return findings.filter((f) => {
    const key = `${f.fingerprint}:${f.line ?? ''}:${f.column ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
