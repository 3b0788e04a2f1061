import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AnchorAutomaton } from '../../../src/core/scan/engine/anchor-automaton.js';
import { allClausesOf, anchorLiterals, anchorsOf, anchorTableSource, patternKey } from '../../../src/core/scan/engine/pattern-anchors.js';
import { clauseCost, selectClauses, type Clause } from '../../../src/core/scan/engine/regex-anchors.js';
import { SCAN_RULES } from '../../../src/core/scan/rules/all-rules.js';
import { CORPUS } from '../../support/paths.js';

/** Every text file of the vendored skills (benign, malicious, one real repository): what real skill content looks like. */
function corpusTexts(): string[] {
  const texts: string[] = [];
  const pending = ['skills-benign', 'skills-malicious', 'real'].map((d) => join(CORPUS, d));
  for (let dir = pending.pop(); dir !== undefined; dir = pending.pop()) {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) pending.push(full);
      else if (entry.isFile()) texts.push(readFileSync(full, 'utf8'));
    }
  }
  return texts;
}

/** Occurrences of each of these literals in real skills: a clause costs what its literals occur. */
function measuredCost(literals: readonly string[]): (clause: Clause) => number {
  const automaton = new AnchorAutomaton(literals);
  const counts = new Float64Array(literals.length);
  for (const text of corpusTexts()) {
    const hits = automaton.scan(text);
    for (let i = 0; i < hits.count; i++) counts[hits.literals[i]!]!++;
  }
  const count = new Map(literals.map((l, i) => [l, counts[i]!]));
  // The estimate breaks ties between clauses that never occur.
  return (clause) => clause.reduce((sum, l) => sum + count.get(l)!, 0) + clauseCost(clause);
}

/** A narrowing clause is kept when it occurs at most this often in the corpus (about 4 MB). */
const NARROWING_LIMIT = 3000;

describe('the stored anchor table', () => {
  const cost = measuredCost(anchorLiterals(SCAN_RULES));

  it('is what the rules derive today, ranked on the corpus (run with -u after changing a pattern)', async () => {
    const source = anchorTableSource(SCAN_RULES, cost, NARROWING_LIMIT);
    await expect(source).toMatchFileSnapshot('../../../src/core/scan/engine/rule-anchors.generated.ts');
  });

  it('gives every pattern at least one clause, and the compiled rules use the stored ones', () => {
    for (const rule of SCAN_RULES) {
      for (const pattern of rule.patterns) {
        const derived = allClausesOf(rule, pattern, { cost });
        expect(derived.error, patternKey(rule, pattern)).toBeUndefined();
        expect(anchorsOf(rule, pattern).length, patternKey(rule, pattern)).toBeGreaterThan(0);
        expect(anchorsOf(rule, pattern), patternKey(rule, pattern)).toEqual(selectClauses(derived.clauses, cost, NARROWING_LIMIT));
      }
    }
  });
});
