import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AnchorAutomaton } from '../../../src/core/scan/engine/anchor-automaton.js';
import { candidatesIn, compileRules, type CompiledPattern } from '../../../src/core/scan/engine/compile-rules.js';
import { launchOnly } from '../../../src/core/scan/engine/pattern-anchors.js';
import { foldText, literalText, WORD_BOUNDARY } from '../../../src/core/scan/engine/regex-anchors.js';
import { proseView } from '../../../src/core/scan/segment/build-units.js';
import { CORPUS } from '../../support/paths.js';
import { sampleMatch, seeded } from './regex-sample.js';

const rules = compileRules();
const key = (p: CompiledPattern) => `${p.rule.id}/${p.pattern.id}`;

/** Whether the pattern could match in the text: its regexes do, and (a comment-only pattern) the text has a comment to read. */
function matchesAnywhere(p: CompiledPattern, text: string): boolean {
  const commentOnly = [...p.kinds].every((k) => k === 'html-comment');
  const re = p.global;
  re.lastIndex = 0;
  const found = re.test(text) && (!p.requires || p.requires.test(text)) && (!commentOnly || text.includes('<!--'));
  re.lastIndex = 0;
  return found;
}

/** Whether the prefilter lets the pattern run on the text (launch patterns read only what configs launch). */
function woken(p: CompiledPattern, text: string): boolean {
  return candidatesIn(rules, text, launchOnly(p.rule, p.pattern)).includes(p);
}

/** Separators as prose and Markdown write them: what the anchor scan folds into one space. */
const SEPARATORS = [' ', '  ', '\t', '\n', ' \n> ', '**', '_', ' ~ ', '\u00a0', '\u2003', '\u3000'];

describe('the anchor prefilter never drops a match', () => {
  it('wakes every pattern on every text its regex matches, for texts sampled from each regex (fuzz, seeded)', () => {
    const random = seeded(14);
    const thin: string[] = [];
    for (const p of rules.patterns) {
      let matched = 0;
      for (let i = 0; i < 300 && matched < 60; i++) {
        const sampled = sampleMatch(p.pattern.re, random) + (p.pattern.requires ? `\n${sampleMatch(p.pattern.requires, random)}` : '');
        const text = [...p.kinds].every((k) => k === 'html-comment') ? `<!-- ${sampled} -->` : sampled;
        // A separator run may stretch or change kind: rewrite some spaces as other separators.
        const varied = text.replace(/ /g, (s) => (random() < 0.3 ? SEPARATORS[Math.floor(random() * SEPARATORS.length)]! : s));
        for (const candidate of [text, varied]) {
          if (!matchesAnywhere(p, candidate)) continue;
          matched++;
          expect(woken(p, candidate), `${key(p)} on ${JSON.stringify(candidate)}`).toBe(true);
        }
      }
      if (matched < 10) thin.push(`${key(p)} (${matched})`);
    }
    // The sampler must really exercise each regex, or this test proves nothing for it.
    expect(thin).toEqual([]);
  });

  it('wakes every pattern on every file of the corpus its regex matches (raw and prose view)', () => {
    const pending = [CORPUS];
    let files = 0;
    for (let dir = pending.pop(); dir !== undefined; dir = pending.pop()) {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = join(dir, entry.name);
        if (entry.isDirectory()) pending.push(full);
        else if (entry.isFile()) {
          files++;
          const text = readFileSync(full, 'utf8');
          const prose = proseView(text);
          for (const p of rules.patterns) {
            if (matchesAnywhere(p, text)) expect(woken(p, text), `${key(p)} in ${full}`).toBe(true);
            if (matchesAnywhere(p, prose)) expect(woken(p, prose), `${key(p)} in the prose view of ${full}`).toBe(true);
          }
        }
      }
    }
    expect(files).toBeGreaterThan(400);
  });
});

describe('the anchor scan', () => {
  const LITERALS = ['curl', 'you are now', 'rm ', '\u0001nc\u0001', '\u0001rm', 'ab\u0001', ' x', '|', '$(', 'a b c'];
  const automaton = new AnchorAutomaton(LITERALS);
  const wordAt = (s: string, i: number) => i >= 0 && i < s.length && /\w/.test(s[i]!);
  /** The reference: a literal is in the folded text, with a word boundary in the text as written where it is marked. */
  function expected(text: string): Set<string> {
    // Where each folded character starts in the text (a separator run starts at its first character).
    const from: number[] = [];
    for (let i = 0; i < text.length; i++) if (foldText(text.slice(0, i + 1)).length > from.length) from.push(i);
    const folded = foldText(text);
    const out = new Set<string>();
    for (const literal of LITERALS) {
      const core = literalText(literal);
      for (let at = folded.indexOf(core); at >= 0; at = folded.indexOf(core, at + 1)) {
        const start = literal.startsWith(WORD_BOUNDARY) && wordAt(text, from[at]! - 1);
        const end = literal.endsWith(WORD_BOUNDARY) && wordAt(text, from[at + core.length - 1]! + 1);
        if (!start && !end) out.add(literal);
      }
    }
    return out;
  }

  it('finds exactly the literals the folded text holds, with their word boundaries (fuzz)', () => {
    const piece = fc.constantFrom(
      'curl',
      'CURL',
      'you',
      'are',
      'now',
      'rm',
      'nc',
      'a',
      'b',
      'c',
      'x',
      'ab',
      '|',
      '$(',
      '_',
      '*',
      '>',
      '~',
      ' ',
      '  ',
      '\t',
      '\n',
      '\r\n',
      '\u00a0',
      '\u2003',
      'é',
      '中',
      '-',
      '1',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 24 }), (pieces) => {
        const text = pieces.join('');
        const hits = automaton.scan(text);
        const found = new Set(Array.from(hits.literals.subarray(0, hits.count), (i) => LITERALS[i]!));
        expect([...found].sort()).toEqual([...expected(text)].sort());
      }),
      { numRuns: 3000 },
    );
  });

  it('finds the same with a table too large for 16 bits (more than 32,767 states)', () => {
    const random = seeded(7);
    const word = () =>
      Array.from({ length: 12 }, () => 'abcdefghijklmnopqrstuvwxyz '[Math.floor(random() * 27)])
        .join('')
        .replace(/ +/g, ' ');
    const many = [...new Set([...LITERALS.map(literalText), ...Array.from({ length: 4000 }, word)])].filter((l) => l.trim() !== '');
    const large = new AnchorAutomaton(many);
    const small = new AnchorAutomaton(many.slice(0, 200));
    const text = Array.from({ length: 200 }, () => many[Math.floor(random() * many.length)]).join(' xyz ');
    const found = (a: AnchorAutomaton, n: number) => {
      const hits = a.scan(text);
      return [...new Set(Array.from(hits.literals.subarray(0, hits.count)).filter((l) => l < n))].sort((x, y) => x - y);
    };
    expect(found(large, 200)).toEqual(found(small, 200));
    expect(found(large, many.length).length).toBeGreaterThan(150);
  });

  it('lists where runs of 40 or more base64 or hex characters start', () => {
    const run = 'QUJD'.repeat(10);
    const hits = automaton.scan(`x ${run}\n${'a'.repeat(39)} ${run}-_+/`);
    expect(hits.runs).toEqual([2, 83]);
  });
});
