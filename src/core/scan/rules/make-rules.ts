/**
 * A Makefile's rules as targets, prerequisites and recipe lines: what `$@` and `$<` stand for in each recipe. Read once
 * per text (the Makefile's `$(X)` are already `${X}`, analyse/makefile-variables.ts).
 */
import { oncePerText } from './once-per-text.js';

export interface MakeRule {
  targets: readonly string[];
  prerequisites: readonly string[];
  /** Offsets of the recipe in the text. */
  start: number;
  end: number;
  recipe: string;
}

const RULE = /^([^\s:#=][^:=\n]{0,300}?)[ \t]{0,4}::?(?!=)[ \t]{0,4}([^\n;#]{0,600})/gm;

export const makeRules = oncePerText((text): MakeRule[] => {
  const rules: MakeRule[] = [];
  for (const m of text.matchAll(RULE)) {
    const start = m.index + m[0].length;
    // The recipe: the tab-led lines that follow.
    const after = /^(?:\n\t[^\n]*)*/.exec(text.slice(start))![0];
    rules.push({
      targets: m[1]!.trim().split(/\s+/),
      prerequisites: m[2]!.split('|')[0]!.trim().split(/\s+/).filter(Boolean),
      start,
      end: start + after.length,
      recipe: after,
    });
  }
  return rules;
});

/** The rule whose recipe holds an offset. */
export function ruleAt(text: string, at: number): MakeRule | undefined {
  return makeRules(text).find((r) => r.start <= at && at <= r.end);
}
