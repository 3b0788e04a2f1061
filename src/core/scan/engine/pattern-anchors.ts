import type { RulePattern, ScanRule } from '../rules/scan-rule.js';
import { deriveClauses, selectClauses, type Clause, type DeriveOptions } from './regex-anchors.js';
import { RULE_ANCHORS } from './rule-anchors.generated.js';

/** The regexes a pattern's anchors come from: its own and the one its block must also hold. */
function regexesOf(pattern: RulePattern): RegExp[] {
  return pattern.requires ? [pattern.re, pattern.requires] : [pattern.re];
}

/** FNV-1a of a pattern's regexes: a stored table entry is used only for the regexes it was derived from. */
export function patternHash(pattern: RulePattern): string {
  let h = 0x811c9dc5;
  for (const re of regexesOf(pattern)) {
    const text = `${re.source}/${re.flags}\0`;
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

export const patternKey = (rule: ScanRule, pattern: RulePattern): string => `${rule.id}/${pattern.id}`;

/** What a pattern's kinds add: an HTML comment unit starts with `<!--`, so a comment-only pattern needs one. */
function kindClauses(rule: ScanRule, pattern: RulePattern): Clause[] {
  const kinds = pattern.kinds ?? rule.kinds;
  return kinds.length > 0 && kinds.every((k) => k === 'html-comment') ? [['<!--']] : [];
}

/** Patterns that read only what a config makes an agent start or call (surfaces/launch-units.ts): never a file's text, and only tiny texts. */
export function launchOnly(rule: ScanRule, pattern: RulePattern): boolean {
  const kinds = pattern.kinds ?? rule.kinds;
  return kinds.length > 0 && kinds.every((k) => k === 'launch');
}

/** Every clause that holds wherever the pattern matches: from its regexes and from the kinds it reads. */
export function allClausesOf(rule: ScanRule, pattern: RulePattern, options: DeriveOptions = {}): { clauses: Clause[]; error?: string } {
  const derived = deriveClauses(regexesOf(pattern), options);
  return { ...derived, clauses: [...kindClauses(rule, pattern), ...derived.clauses] };
}

/**
 * A pattern's anchor clauses, rarest first (regex-anchors.ts). Deriving them for every rule takes longer than scanning a
 * small repository, so the built-in rules' are stored (rule-anchors.generated.ts, kept in step by
 * a test, which also ranks them by how often their literals occur in real skills); any other
 * pattern, or one changed since, is derived here and ranked by estimate.
 */
export function anchorsOf(rule: ScanRule, pattern: RulePattern): readonly Clause[] {
  const stored = RULE_ANCHORS[patternKey(rule, pattern)];
  if (stored && stored.hash === patternHash(pattern)) return stored.clauses;
  return selectClauses(allClausesOf(rule, pattern).clauses);
}

/** Every literal any clause of these patterns can get, whatever the ranking: what a measure needs to count. */
export function anchorLiterals(rules: readonly ScanRule[]): string[] {
  const seen = new Set<string>();
  for (const rule of rules)
    for (const pattern of rule.patterns) for (const c of allClausesOf(rule, pattern, { seen }).clauses) for (const l of c) seen.add(l);
  return [...seen];
}

/** The stored table's source: each built-in pattern's clauses ranked by `cost`, secondary ones kept up to `limit`. */
export function anchorTableSource(rules: readonly ScanRule[], cost: (clause: Clause) => number, limit: number): string {
  const rows: string[] = [];
  for (const rule of rules) {
    for (const pattern of rule.patterns) {
      const { clauses, error } = allClausesOf(rule, pattern, { cost });
      if (error) throw new Error(`${patternKey(rule, pattern)}: ${error}`);
      rows.push(
        `  ${JSON.stringify(patternKey(rule, pattern))}: { hash: '${patternHash(pattern)}', clauses: ${JSON.stringify(selectClauses(clauses, cost, limit))} },`,
      );
    }
  }
  return [
    '// Generated from the scan rules by test/scan/perf/rule-anchors.test.ts (`npx vitest run test/scan/perf/rule-anchors.test.ts -u`',
    "// rewrites it): each pattern's anchor clauses (regex-anchors.ts), rarest first as measured on the corpus's skills.",
    "import type { Clause } from './regex-anchors.js';",
    '',
    'export const RULE_ANCHORS: Readonly<Record<string, { hash: string; clauses: readonly Clause[] }>> = {',
    ...rows,
    '};',
    '',
  ].join('\n');
}
