/**
 * A parser for the JavaScript regular expressions the scan rules are written in (no `u` or `v`
 * flag: Annex B syntax), into a small tree the anchor derivation (regex-anchors.ts) reads. It
 * parses rule data, never repository content; what it does not know it reports, and the rule
 * then has no anchors (a test fails on that).
 */

/** A set of UTF-16 code units: ASCII members exactly, and what it can match beyond ASCII. */
export interface CharSet {
  /** ASCII members (code 0–127), one flag each. */
  ascii: Uint8Array;
  /** Beyond ASCII: nothing, only whitespace (`\s`), or other characters too. */
  beyond: 'none' | 'space' | 'any';
  /** Explicit non-ASCII members (for generating examples; `beyond` says what matching may see). */
  extra: readonly number[];
}

export type RegexNode =
  | { type: 'alt'; items: RegexNode[] }
  | { type: 'seq'; items: RegexNode[] }
  | { type: 'char'; set: CharSet }
  | { type: 'group'; body: RegexNode; index?: number; name?: string }
  | { type: 'look'; behind: boolean; negative: boolean; body: RegexNode }
  | { type: 'assert'; kind: 'word' | 'not-word' | 'start' | 'end' }
  | { type: 'repeat'; body: RegexNode; min: number; max: number }
  | { type: 'backref'; index?: number; name?: string };

/** Every whitespace character `\s` matches (ECMAScript WhiteSpace and LineTerminator). */
export const UNICODE_SPACES: readonly number[] = [
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a,
  0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff,
];

function emptySet(): CharSet {
  return { ascii: new Uint8Array(128), beyond: 'none', extra: [] };
}

const WIDER = { none: 0, space: 1, any: 2 } as const;
const OTHER_CHARACTERS = [0xe9, 0x4e00];

/** Adds `from` to `into` in place (a class being built). */
function addSet(into: CharSet, from: CharSet): void {
  for (let c = 0; c < 128; c++) if (from.ascii[c]) into.ascii[c] = 1;
  if (WIDER[from.beyond] > WIDER[into.beyond]) into.beyond = from.beyond;
  if (from.extra.length) into.extra = [...into.extra, ...from.extra];
}

function negated(set: CharSet): CharSet {
  return { ascii: Uint8Array.from(set.ascii, (v) => (v ? 0 : 1)), beyond: 'any', extra: OTHER_CHARACTERS };
}

/** `\d`, `\w`, `\s` and their negations: shared, never changed. */
const CLASS_ESCAPES: Readonly<Record<string, CharSet>> = (() => {
  const of = (test: (c: number) => boolean, beyond: CharSet['beyond'], extra: readonly number[]): CharSet => ({
    ascii: Uint8Array.from({ length: 128 }, (_, c) => (test(c) ? 1 : 0)),
    beyond,
    extra,
  });
  const d = of((c) => c >= 48 && c <= 57, 'none', []);
  const w = of((c) => /\w/.test(String.fromCharCode(c)), 'none', []);
  const sp = of(
    (c) => UNICODE_SPACES.includes(c),
    'space',
    UNICODE_SPACES.filter((c) => c >= 128),
  );
  return { d, w, s: sp, D: negated(d), W: negated(w), S: negated(sp) };
})();

const singles = new Map<number, CharSet>();

/** One code unit (shared, never changed); with `i`, both cases of a letter. */
function single(code: number, ignoreCase = false): CharSet {
  const key = ignoreCase ? -code - 1 : code;
  let set = singles.get(key);
  if (!set) {
    set = emptySet();
    if (code < 128) {
      set.ascii[code] = 1;
      if (ignoreCase && ((code >= 65 && code <= 90) || (code >= 97 && code <= 122))) set.ascii[code ^ 32] = 1;
    } else {
      set.beyond = UNICODE_SPACES.includes(code) ? 'space' : 'any';
      set.extra = [code];
    }
    singles.set(key, set);
  }
  return set;
}

/** Adds `[from-to]` in place: its ASCII members exactly; anything past ASCII counts as other characters. */
function addRange(into: CharSet, from: number, to: number): void {
  for (let c = from; c <= Math.min(to, 127); c++) into.ascii[c] = 1;
  if (to >= 128) addSet(into, { ascii: new Uint8Array(128), beyond: 'any', extra: [Math.max(from, 128), to] });
}

/** Both cases of each ASCII letter (the `i` flag), in place. */
function closeCase(set: CharSet): void {
  for (let c = 65; c <= 90; c++) if (set.ascii[c] || set.ascii[c + 32]) set.ascii[c] = set.ascii[c + 32] = 1;
}

const ANY_BUT_LINE_END: CharSet = {
  ascii: Uint8Array.from({ length: 128 }, (_, c) => (c === 10 || c === 13 ? 0 : 1)),
  beyond: 'any',
  extra: OTHER_CHARACTERS,
};

export class RegexSyntaxError extends Error {}

/** Parses `source` (flags matter only for `i`, which closes character sets over case). */
export function parseRegex(source: string, flags = ''): RegexNode {
  let pos = 0;
  let groups = 0;
  const ignoreCase = flags.includes('i');
  const fail = (why: string): never => {
    throw new RegexSyntaxError(`${why} at ${pos} in /${source}/`);
  };
  const peek = () => source[pos];

  const hex = (digits: number): number => {
    const text = source.slice(pos, pos + digits);
    if (!new RegExp(`^[0-9A-Fa-f]{${digits}}$`).test(text)) fail('bad hex escape');
    pos += digits;
    return parseInt(text, 16);
  };

  /** An escape after `\` that stands for characters (in or out of a class). */
  const characterEscape = (inClass: boolean): CharSet => {
    const c = source[pos++] ?? fail('trailing backslash');
    if ('dDwWsS'.includes(c)) return CLASS_ESCAPES[c]!;
    if (c === 'b' && inClass) return single(8);
    if (c === 't') return single(9);
    if (c === 'n') return single(10);
    if (c === 'v') return single(11);
    if (c === 'f') return single(12);
    if (c === 'r') return single(13);
    if (c === '0' && !/[0-9]/.test(peek() ?? '')) return single(0);
    if (c === 'x') return single(hex(2));
    if (c === 'u') return single(hex(4));
    if (c === 'c') {
      const letter = source[pos++] ?? fail('bad control escape');
      if (!/[A-Za-z]/.test(letter)) fail('bad control escape');
      return single(letter.charCodeAt(0) % 32);
    }
    if (/[A-Za-z0-9]/.test(c)) fail(`unsupported escape \\${c}`);
    return single(c.charCodeAt(0));
  };

  /** One class member, and its code unit when it is a single character (a range end). */
  const classMember = (): { set: CharSet; code?: number } => {
    if (peek() !== '\\') {
      const code = source.charCodeAt(pos++);
      return { set: single(code), code };
    }
    pos++;
    const escaped = peek() ?? '';
    const set = characterEscape(true);
    if ('dDwWsS'.includes(escaped)) return { set };
    return { set, code: set.extra.length ? set.extra[0] : set.ascii.indexOf(1) };
  };

  const parseClass = (): RegexNode => {
    const negate = peek() === '^';
    if (negate) pos++;
    const set = emptySet();
    while (pos < source.length && peek() !== ']') {
      const from = classMember();
      if (peek() === '-' && source[pos + 1] !== ']' && from.code !== undefined) {
        pos++;
        const to = classMember().code;
        if (to === undefined || to < from.code) fail('bad class range');
        addRange(set, from.code, to!);
      } else addSet(set, from.set);
    }
    if (peek() !== ']') fail('unterminated class');
    pos++;
    if (ignoreCase) closeCase(set);
    return { type: 'char', set: negate ? negated(set) : set };
  };

  /** A character outside a class: with `i`, a letter stands for both cases. */
  const charNode = (set: CharSet): RegexNode => {
    if (!ignoreCase || set.beyond !== 'none' || Object.values(CLASS_ESCAPES).includes(set)) return { type: 'char', set };
    return { type: 'char', set: single(set.ascii.indexOf(1), true) };
  };

  const parseAtom = (): RegexNode | undefined => {
    const c = peek();
    if (c === undefined || c === '|' || c === ')') return undefined;
    pos++;
    switch (c) {
      case '(': {
        let node: RegexNode;
        if (source.startsWith('?:', pos)) {
          pos += 2;
          node = { type: 'group', body: parseAlt() };
        } else if (source.startsWith('?=', pos) || source.startsWith('?!', pos)) {
          const negative = source[pos + 1] === '!';
          pos += 2;
          node = { type: 'look', behind: false, negative, body: parseAlt() };
        } else if (source.startsWith('?<=', pos) || source.startsWith('?<!', pos)) {
          const negative = source[pos + 2] === '!';
          pos += 3;
          node = { type: 'look', behind: true, negative, body: parseAlt() };
        } else if (source.startsWith('?<', pos)) {
          const end = source.indexOf('>', pos);
          if (end < 0) fail('bad group name');
          const name = source.slice(pos + 2, end);
          pos = end + 1;
          const index = ++groups;
          node = { type: 'group', body: parseAlt(), index, name };
        } else if (peek() === '?') {
          return fail('unsupported group');
        } else {
          const index = ++groups;
          node = { type: 'group', body: parseAlt(), index };
        }
        if (peek() !== ')') fail('unterminated group');
        pos++;
        return node;
      }
      case '[':
        return parseClass();
      case '.':
        return { type: 'char', set: ANY_BUT_LINE_END };
      case '^':
        return { type: 'assert', kind: 'start' };
      case '$':
        return { type: 'assert', kind: 'end' };
      case '\\': {
        const e = peek();
        if (e === 'b' || e === 'B') {
          pos++;
          return { type: 'assert', kind: e === 'b' ? 'word' : 'not-word' };
        }
        if (e !== undefined && /[1-9]/.test(e)) {
          pos++;
          return { type: 'backref', index: Number(e) };
        }
        if (e === 'k' && source[pos + 1] === '<') {
          const end = source.indexOf('>', pos);
          const name = source.slice(pos + 2, end);
          pos = end + 1;
          return { type: 'backref', name };
        }
        return charNode(characterEscape(false));
      }
      case '*':
      case '+':
      case '?':
        return fail('nothing to repeat');
      default:
        return charNode(single(c.charCodeAt(0)));
    }
  };

  const parseQuantifier = (): { min: number; max: number } | undefined => {
    const c = peek();
    let q: { min: number; max: number } | undefined;
    if (c === '*') q = { min: 0, max: Infinity };
    else if (c === '+') q = { min: 1, max: Infinity };
    else if (c === '?') q = { min: 0, max: 1 };
    else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(pos));
      if (!m) return undefined;
      pos += m[0].length - 1;
      q = { min: Number(m[1]), max: m[2] === undefined ? Number(m[1]) : m[3] === '' ? Infinity : Number(m[3]) };
    }
    if (!q) return undefined;
    pos++;
    if (peek() === '?') pos++;
    return q;
  };

  const parseSeq = (): RegexNode => {
    const items: RegexNode[] = [];
    for (let atom = parseAtom(); atom; atom = parseAtom()) {
      let node = atom;
      for (let q = parseQuantifier(); q; q = parseQuantifier()) node = { type: 'repeat', body: node, ...q };
      items.push(node);
    }
    return items.length === 1 ? items[0]! : { type: 'seq', items };
  };

  function parseAlt(): RegexNode {
    const items = [parseSeq()];
    while (peek() === '|') {
      pos++;
      items.push(parseSeq());
    }
    return items.length === 1 ? items[0]! : { type: 'alt', items };
  }

  const tree = parseAlt();
  if (pos !== source.length) fail('unexpected )');
  return tree;
}
