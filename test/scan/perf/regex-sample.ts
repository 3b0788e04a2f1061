import { parseRegex, type CharSet, type RegexNode } from '../../../src/core/scan/engine/regex-syntax.js';

/** A seeded generator (xorshift32): the same seed gives the same texts. */
export function seeded(seed: number): () => number {
  let x = seed | 0 || 1;
  return () => ((x ^= x << 13), (x ^= x >>> 17), (x ^= x << 5), (x >>> 0) / 4294967296);
}

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

function member(random: () => number, set: CharSet): string {
  const ascii: number[] = [];
  for (let c = 0; c < 128; c++) if (set.ascii[c] && c !== 10 && c !== 13) ascii.push(c);
  if (set.extra.length && (random() < 0.2 || ascii.length === 0)) return String.fromCharCode(pick(random, set.extra));
  if (ascii.length === 0) return set.ascii[10] ? '\n' : '';
  return String.fromCharCode(pick(random, ascii));
}

/**
 * A text the regex is likely to match, built by walking its tree at random: a character of each
 * class (sometimes a non-ASCII one the class holds, like a Unicode space for `\s`), a random
 * count for each repetition, a random alternative. A positive lookbehind's text is slipped in
 * before what it must follow (the `\|(?<=(…)\|)` idiom). The regex engine decides whether it
 * really matches; this only proposes.
 */
export function sampleMatch(re: RegExp, random: () => number): string {
  const root = parseRegex(re.source, re.flags);
  const captures = new Map<number | string, string>();
  let out = '';
  const caseOf = (s: string) => (re.flags.includes('i') ? [...s].map((c) => (random() < 0.3 ? c.toUpperCase() : c)).join('') : s);
  // Work items: a node to expand, or a closure to run after a node's children (captures, lookbehinds).
  type Item = RegexNode | (() => void);
  const stack: Item[] = [root];
  while (stack.length) {
    const item = stack.pop()!;
    if (typeof item === 'function') {
      item();
      continue;
    }
    switch (item.type) {
      case 'char':
        out += caseOf(member(random, item.set));
        break;
      case 'seq':
        for (let i = item.items.length - 1; i >= 0; i--) stack.push(item.items[i]!);
        break;
      case 'alt':
        stack.push(pick(random, item.items));
        break;
      case 'group': {
        const from = out.length;
        const { index, name } = item;
        stack.push(() => {
          if (index !== undefined) captures.set(index, out.slice(from));
          if (name !== undefined) captures.set(name, out.slice(from));
        });
        stack.push(item.body);
        break;
      }
      case 'repeat': {
        const extra = Math.min(item.max - item.min, 3);
        const count = item.min + Math.floor(random() * (extra + 1));
        for (let i = 0; i < count; i++) stack.push(item.body);
        break;
      }
      case 'look': {
        if (item.negative || !item.behind) break;
        // Generate the lookbehind's text on its own, then make what was written so far end with it.
        const before = out;
        out = '';
        stack.push(() => {
          const body = out;
          let k = Math.min(body.length, before.length);
          while (k > 0 && !before.endsWith(body.slice(body.length - k))) k--;
          out = before.slice(0, before.length - k) + body.slice(0, body.length - k) + before.slice(before.length - k);
        });
        stack.push(item.body);
        break;
      }
      case 'backref':
        out += captures.get(item.index ?? item.name ?? '') ?? '';
        break;
      case 'assert':
        break;
    }
  }
  return out;
}
