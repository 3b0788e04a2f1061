import { compareFindings, makeFinding, type Finding, type Severity } from './finding.js';
import { countSeverities } from './report.js';

/**
 * How many findings one check lists: per file, and per rule across files. A flood (one
 * rule matching every line of three 495 KB files) must neither crash a run nor drown the
 * one finding that matters; what is cut is still counted and still fails the check.
 */
export const FINDING_CAPS = { perFile: 100, perRule: 500 } as const;

export interface CappedFindings {
  /** The findings listed: the kept ones, then one "N more" finding per group that was cut. */
  listed: Finding[];
  /** Every finding the check produced, by severity (the cut ones included). */
  counts: Record<Severity, number>;
  /** How many findings were cut (the "more" findings stand for them). */
  omitted: number;
}

interface Group {
  check: Finding['check'];
  ruleId: string;
  file?: string;
  counts: Record<Severity, number>;
  files: Set<string>;
}

const RANK: Record<Severity, number> = { error: 0, warning: 1, notice: 2 };

/**
 * Keeps at most `perFile` findings of a file and `perRule` of a rule, worst first (errors,
 * then by file and line), and adds one finding per cut group saying how many more there
 * are — in the file (per-file cap) or in the rule's other findings (per-rule cap). A "more"
 * finding has the worst severity it stands for, so cut errors still fail the check; it counts
 * toward the rule's cap, so the listing stays bounded whatever the input.
 */
export function capFindings(findings: readonly Finding[], caps: { perFile: number; perRule: number } = FINDING_CAPS): CappedFindings {
  const counts = countSeverities(findings);
  if (findings.length <= Math.min(caps.perFile, caps.perRule)) return { listed: [...findings], counts, omitted: 0 };
  const ordered = [...findings].sort(compareFindings);
  const listed: Finding[] = [];
  const perFile = new Map<string, number>();
  const perRule = new Map<string, number>();
  const groups = new Map<string, Group>();
  let omitted = 0;
  for (const f of ordered) {
    const ruleListed = perRule.get(f.ruleId) ?? 0;
    const fileListed = f.file === undefined ? 0 : (perFile.get(f.file) ?? 0);
    if (ruleListed < caps.perRule && fileListed < caps.perFile) {
      listed.push(f);
      perRule.set(f.ruleId, ruleListed + 1);
      if (f.file !== undefined) perFile.set(f.file, fileListed + 1);
      continue;
    }
    omitted++;
    // Cut by the file's cap while the rule still has room: say so in the file (one group per file and rule).
    const inFile = ruleListed < caps.perRule && f.file !== undefined;
    const key = inFile ? `${f.ruleId}\0${f.file}` : `${f.ruleId}\0`;
    let group = groups.get(key);
    if (!group) {
      group = {
        check: f.check,
        ruleId: f.ruleId,
        ...(inFile ? { file: f.file } : {}),
        counts: { error: 0, warning: 0, notice: 0 },
        files: new Set(),
      };
      groups.set(key, group);
      if (inFile) perRule.set(f.ruleId, ruleListed + 1);
    }
    group.counts[f.severity]++;
    if (f.file !== undefined) group.files.add(f.file);
  }
  for (const group of groups.values()) listed.push(moreFinding(group));
  return { listed, counts, omitted };
}

function moreFinding(group: Group): Finding {
  const total = group.counts.error + group.counts.warning + group.counts.notice;
  const severity = (['error', 'warning', 'notice'] as const).find((s) => group.counts[s] > 0)!;
  const bySeverity = (['error', 'warning', 'notice'] as const)
    .filter((s) => group.counts[s] > 0)
    .sort((a, b) => RANK[a] - RANK[b])
    .map((s) => `${group.counts[s]} ${s}${group.counts[s] === 1 ? '' : 's'}`)
    .join(', ');
  const where = group.file !== undefined ? 'in this file' : `in ${group.files.size || 'no'} file(s)`;
  return makeFinding({
    check: group.check,
    ruleId: group.ruleId,
    severity,
    ...(group.file !== undefined ? { file: group.file } : {}),
    message: `${total} more ${group.ruleId} finding(s) ${where} are not listed (${bySeverity}); they are counted and ${severity === 'error' ? 'still fail the check' : 'reported'}.`,
    title: `${group.ruleId}: ${total} more not listed`,
    fingerprintKey: `more:${group.file ?? '*'}`,
    more: total,
  });
}
