import { makeFinding, type CheckName, type Finding } from '../finding.js';
import { isOwnDiagnostic } from './can-baseline.js';
import { matchBaseline } from './match-baseline.js';
import type { Baseline, BaselineEntry } from './read-baseline.js';

export interface BaselineApplied {
  /** Each check's findings the baseline does not cover, then what it says about the baseline. */
  findings: Map<CheckName, Finding[]>;
  suppressed: Map<CheckName, number>;
}

/** How many stale or moved entries a notice names before it counts the rest. */
const NAMED = 5;

/**
 * Applies the baseline to the findings of the checks that ran. An entry covers its finding where
 * it was written, or after a rename or move (matched by content, one finding per entry); entries
 * of a check that ran and covered nothing are named in one notice per check, entries that moved
 * in another, and problems with the file are warnings of the first check that ran.
 */
export function applyBaseline(
  baseline: Baseline,
  byCheck: ReadonlyMap<CheckName, readonly Finding[]>,
  exists: (path: string) => boolean,
): BaselineApplied {
  const findings = new Map<CheckName, Finding[]>();
  const suppressed = new Map<CheckName, number>();
  for (const [check, list] of byCheck) {
    const entries = baseline.entries.filter((e) => e.check === check);
    const candidates = list.filter((f) => !isOwnDiagnostic(f));
    const match = matchBaseline(entries, candidates, exists);
    const covered = new Set<Finding>([...match.exact.keys(), ...match.moved.map((m) => m.finding)]);
    const kept = list.filter((f) => !covered.has(f));
    if (match.stale.length) kept.push(staleNotice(check, baseline.path, match.stale, exists));
    if (match.moved.length) kept.push(movedNotice(check, baseline.path, match.moved));
    findings.set(check, kept);
    suppressed.set(check, covered.size);
  }
  const owner = (['scan', 'catalog', 'tasks'] as const).find((c) => byCheck.has(c));
  if (owner) {
    for (const p of baseline.problems) {
      findings.get(owner)!.push(
        makeFinding({
          check: owner,
          ruleId: `baseline/${p.code}`,
          severity: 'warning',
          file: baseline.path,
          line: p.line,
          column: p.column,
          message: p.message,
          help: p.help,
        }),
      );
    }
  }
  return { findings, suppressed };
}

/** `skills/a/SKILL.md (S004 ×3, S015)`: each place with the rules of its entries, the first NAMED places. */
function byPlace(items: readonly { place: string; rule: string }[]): string {
  const places = new Map<string, Map<string, number>>();
  for (const { place, rule } of items) {
    const rules = places.get(place) ?? new Map<string, number>();
    rules.set(rule, (rules.get(rule) ?? 0) + 1);
    places.set(place, rules);
  }
  const named = [...places]
    .slice(0, NAMED)
    .map(([place, rules]) => `${place} (${[...rules].map(([rule, n]) => (n > 1 ? `${rule} ×${n}` : rule)).join(', ')})`)
    .join('; ');
  return places.size > NAMED ? `${named}; and ${places.size - NAMED} more file(s)` : named;
}

function staleNotice(check: CheckName, path: string, stale: readonly BaselineEntry[], exists: (path: string) => boolean): Finding {
  const gone = stale.filter((e) => e.record.file !== undefined && !exists(e.record.file));
  const why = gone.length
    ? ` ${gone.length === stale.length ? (stale.length === 1 ? 'Its file is' : 'Their files are') : `${gone.length} of their files are`} gone: was ${gone[0]!.record.file} renamed or moved? An entry follows its finding to a new path when the finding's text is unchanged and the entry records its \`content\` (entries written before plangate recorded it do not).`
    : ' Each finding was fixed, or its text changed.';
  return makeFinding({
    check,
    ruleId: 'baseline/stale',
    severity: 'notice',
    file: path,
    message: `${stale.length} baseline entr${stale.length === 1 ? 'y no longer matches' : 'ies no longer match'} a finding: ${byPlace(
      stale.map((e) => ({ place: e.record.file ?? '(no file)', rule: e.record.rule ?? 'entry' })),
    )}.${why}`,
    help: '`plangate baseline --prune` drops them; `plangate baseline --reason "<why>"` accepts findings at their new place (and records content, so the next rename keeps them).',
    fingerprintKey: `stale:${check}`,
  });
}

function movedNotice(check: CheckName, path: string, moved: readonly { entry: BaselineEntry; finding: Finding }[]): Finding {
  return makeFinding({
    check,
    ruleId: 'baseline/moved',
    severity: 'notice',
    file: path,
    message: `${moved.length} baseline entr${moved.length === 1 ? 'y' : 'ies'} followed ${moved.length === 1 ? 'its finding' : 'their findings'} to a new path (same rule and content): ${byPlace(
      moved.map((m) => ({ place: `${m.entry.record.file ?? '?'} → ${m.finding.file ?? '?'}`, rule: m.finding.ruleId })),
    )}.`,
    help: '`plangate baseline` records the new paths.',
    fingerprintKey: `moved:${check}`,
  });
}
