/**
 * Anchors derived from a pattern's regular expression: clauses of literals such that every
 * text the pattern can match in contains, for each clause, one of its literals — as the anchor
 * scan reads text (`foldText`: lower case, any run of whitespace or the Markdown marks `*`, `_`,
 * `~`, `>` as one space). Derived from the regex itself, so no hand-written list can miss a
 * match: a literal comes from characters every match holds (concatenations, repetitions of at
 * least one, both sides of each alternative), and positive lookarounds add theirs (the text they
 * look at is in the same unit). Folding lets a literal span words: `you[\s*_~>]{1,8}are` gives
 * `you are`, which a prose text wrapped over lines or emphasised still holds once folded.
 */
import { minOf } from '../../push-all.js';
import { parseRegex, UNICODE_SPACES, type CharSet, type RegexNode } from './regex-syntax.js';

/** ASCII characters read as a separator. */
const FOLD = Uint8Array.from({ length: 128 }, (_, c) =>
  c === 32 || (c >= 9 && c <= 13) || c === 42 || c === 95 || c === 126 || c === 62 ? 1 : 0,
);
const WIDE_SPACES = new Set(UNICODE_SPACES.filter((c) => c >= 128));

/** Whether the anchor scan reads this code unit as a separator (ASCII marks and every `\s` character). */
export function isFoldCode(code: number): boolean {
  return code < 128 ? FOLD[code] === 1 : WIDE_SPACES.has(code);
}

/** A text as the anchor scan reads it: ASCII lower case, separator runs as one space, other non-ASCII characters kept (no literal holds one). */
export function foldText(text: string): string {
  let out = '';
  let space = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isFoldCode(c)) {
      if (!space) out += ' ';
      space = true;
      continue;
    }
    space = false;
    out += c >= 65 && c <= 90 ? String.fromCharCode(c + 32) : text[i];
  }
  return out;
}

/** A clause: every match's unit holds at least one of these (folded) literals. */
export type Clause = readonly string[];

interface Info {
  /** Every string the node can match, folded, when there are few. */
  exact?: string[];
  clauses: Clause[];
}

const MAX_EXACT = 256;
const MAX_LENGTH = 64;
/** Distinct folded characters a class may have and still count as exact. */
const MAX_CLASS = 8;
const EMPTY: Info = { exact: [''], clauses: [] };
const UNKNOWN: Info = { clauses: [] };

/**
 * `\b` in an exact string: a literal that starts or ends at one is only counted where the text
 * has a word boundary there too (anchor-automaton.ts). Markers inside a literal, or beside a
 * separator, say nothing the scan can check and are dropped.
 */
export const WORD_BOUNDARY = '\u0001';
const MARKS_AT_SPACE = /\u0001*( )\u0001*/g;
const SPACES = / {2,}/g;

function joinFolded(a: string, b: string): string {
  const s = a + b;
  return s.includes(WORD_BOUNDARY) || s.includes('  ') ? s.replace(MARKS_AT_SPACE, ' ').replace(SPACES, ' ') : s;
}

const WORD_CHAR = /[a-z0-9]/;

/** The literal a scan looks for: boundary marks kept only at its ends, next to a letter or digit (at its start only when no separator comes before its last character). */
export function tidyLiteral(s: string): string {
  if (!s.includes(WORD_BOUNDARY)) return s;
  const lead = s.startsWith(WORD_BOUNDARY);
  const core = s.replace(/\u0001/g, '');
  // A bounded start is checked at the literal's length before its end: only where no separator run inside it can stretch it.
  const start = lead && WORD_CHAR.test(core[0] ?? '') && !core.slice(0, -1).includes(' ') ? WORD_BOUNDARY : '';
  const end = s.endsWith(WORD_BOUNDARY) && WORD_CHAR.test(core[core.length - 1] ?? '') ? WORD_BOUNDARY : '';
  return core ? start + core + end : '';
}

/**
 * Literals are cut to their first LITERAL_LENGTH characters (a text holding a literal holds its
 * start): a dozen characters are rare enough, and short literals keep the scan's table small.
 */
export const LITERAL_LENGTH = 12;

function shortened(literal: string): string {
  const text = literalText(literal);
  if (text.length <= LITERAL_LENGTH) return literal;
  return (literal.startsWith(WORD_BOUNDARY) ? WORD_BOUNDARY : '') + text.slice(0, LITERAL_LENGTH);
}

/** A literal without its boundary marks. */
export function literalText(literal: string): string {
  return literal.replace(/\u0001/g, '');
}

function product(a: readonly string[], b: readonly string[]): string[] | undefined {
  if (a.length * b.length > MAX_EXACT * 4) return undefined;
  const out = new Set<string>();
  for (const x of a) {
    for (const y of b) {
      const s = joinFolded(x, y);
      if (s.length > MAX_LENGTH) return undefined;
      out.add(s);
    }
  }
  return out.size <= MAX_EXACT ? [...out] : undefined;
}

const charInfos = new WeakMap<CharSet, Info>();

function charInfo(set: CharSet): Info {
  let info = charInfos.get(set);
  if (!info) charInfos.set(set, (info = classInfo(set)));
  return info;
}

function classInfo(set: CharSet): Info {
  if (set.beyond === 'any') return UNKNOWN;
  const chars = new Set<string>();
  if (set.beyond === 'space') chars.add(' ');
  for (let c = 0; c < 128; c++) {
    if (!set.ascii[c]) continue;
    chars.add(FOLD[c] ? ' ' : String.fromCharCode(c >= 65 && c <= 90 ? c + 32 : c));
  }
  return chars.size === 0 || chars.size > MAX_CLASS ? UNKNOWN : { exact: [...chars], clauses: [] };
}

/** Matches nothing but separators (and boundaries): `\s{0,4}`, `[\s*_~>]{1,8}`. */
function onlySpaces(exact: readonly string[] | undefined): boolean {
  return exact !== undefined && exact.every((s) => literalText(s) === '' || literalText(s) === ' ');
}

function childrenOf(node: RegexNode): RegexNode[] {
  switch (node.type) {
    case 'alt':
    case 'seq':
      return node.items;
    case 'group':
    case 'look':
    case 'repeat':
      return [node.body];
    default:
      return [];
  }
}

/** One derivation: how clauses are ranked inside alternations, and (for measuring) every literal a clause got. */
class Analysis {
  constructor(
    private readonly cost: (clause: Clause) => number,
    private readonly seen?: Set<string>,
  ) {}

  /** Strings as clause literals, unless one is empty (an empty match holds no literal) or all are bare separators. */
  asClause(strings: readonly string[]): Clause | undefined {
    const literals = [...new Set(strings.map((x) => shortened(tidyLiteral(x))))];
    if (literals.includes('') || literals.every((l) => l === ' ')) return undefined;
    if (this.seen) for (const l of literals) this.seen.add(l);
    return literals;
  }

  exactClause(info: Info): Clause[] {
    const clause = info.exact && this.asClause(info.exact);
    return clause ? [clause] : [];
  }

  repeat(body: Info, min: number, max: number): Info {
    const clauses = min >= 1 ? [...body.clauses, ...this.exactClause(body)] : [];
    if (max === 0) return EMPTY;
    let exact: string[] | undefined;
    if (onlySpaces(body.exact)) exact = min === 0 || body.exact!.some((x) => literalText(x) === '') ? ['', ' '] : [' '];
    else if (body.exact && min === 0 && max === 1) exact = [...new Set(['', ...body.exact])];
    else if (body.exact && min === max && min <= 4) {
      exact = [''];
      for (let i = 0; i < min && exact; i++) exact = product(exact, body.exact);
    }
    return { exact, clauses };
  }

  seq(items: readonly Info[]): Info {
    const clauses: Clause[] = [];
    let run: string[] = [''];
    let whole = true;
    const flush = () => {
      const clause = this.asClause(run);
      if (clause) clauses.push(clause);
    };
    for (const info of items) {
      for (const c of info.clauses) clauses.push(c);
      const next = info.exact && product(run, info.exact);
      if (next) {
        run = next;
        continue;
      }
      whole = false;
      flush();
      run = info.exact ?? [''];
    }
    flush();
    return { exact: whole ? run : undefined, clauses };
  }

  alt(items: readonly Info[]): Info {
    const all = new Set<string>();
    let exact: string[] | undefined = [];
    for (const info of items) {
      if (!info.exact) exact = undefined;
      else for (const s of info.exact) all.add(s);
    }
    if (exact && all.size <= MAX_EXACT) exact = [...all];
    else exact = undefined;
    // Each alternative's best clauses, paired up: (a1 ∧ a2) ∨ (b1 ∧ b2) implies (a1 ∨ b1) ∧ (a2 ∨ b2).
    const ranked = items.map((info) => [...this.exactClause(info), ...info.clauses].sort((x, y) => this.cost(x) - this.cost(y)));
    const depth = minOf(
      ranked.map((r) => r.length),
      2,
    );
    const clauses: Clause[] = [];
    for (let i = 0; i < depth; i++) clauses.push([...new Set(ranked.flatMap((r) => r[i]!))]);
    return { exact, clauses };
  }

  /** Explicit stack instead of recursion (the tree is rule data, but the habit holds): children are analysed before their parent. */
  analyse(root: RegexNode): Info {
    const done = new Map<RegexNode, Info>();
    const stack: { node: RegexNode; expanded: boolean }[] = [{ node: root, expanded: false }];
    while (stack.length) {
      const top = stack[stack.length - 1]!;
      if (!top.expanded) {
        top.expanded = true;
        for (const child of childrenOf(top.node)) stack.push({ node: child, expanded: false });
        continue;
      }
      stack.pop();
      done.set(
        top.node,
        this.node(top.node, (n) => done.get(n)!),
      );
    }
    return done.get(root)!;
  }

  private node(node: RegexNode, info: (n: RegexNode) => Info): Info {
    switch (node.type) {
      case 'char':
        return charInfo(node.set);
      case 'assert':
        return node.kind === 'word' ? { exact: [WORD_BOUNDARY], clauses: [] } : EMPTY;
      case 'backref':
        return UNKNOWN;
      case 'group':
        return info(node.body);
      case 'look': {
        const body = info(node.body);
        return node.negative ? EMPTY : { exact: [''], clauses: [...body.clauses, ...this.exactClause(body)] };
      }
      case 'repeat':
        return this.repeat(info(node.body), node.min, node.max);
      case 'seq':
        return this.seq(node.items.map(info));
      case 'alt':
        return this.alt(node.items.map(info));
    }
  }
}

/**
 * How often a literal is expected in ordinary text, per position (lower is rarer): each
 * character that is not a separator makes it about ten times rarer, and a few words and marks
 * are known to be everywhere in skills (prose, Markdown, shell).
 */
const costs = new Map<string, number>();

export function literalCost(literal: string): number {
  let cost = costs.get(literal);
  if (cost === undefined) costs.set(literal, (cost = estimateCost(literal)));
  return cost;
}

function estimateCost(literal: string): number {
  const text = literalText(literal);
  const core = text.trim();
  const letters = core.replace(/ /g, '').length;
  const common = COMMON.has(core) ? 50 : 1;
  const bounded = (literal.startsWith(WORD_BOUNDARY) ? 3 : 1) * (literal.endsWith(WORD_BOUNDARY) ? 3 : 1);
  return (common * 10 ** -letters) / (text.length > core.length ? 3 : 1) / bounded;
}

/** Words and marks common in skills, so a clause made of them is not a good anchor. */
const COMMON = new Set([
  'the',
  'and',
  'not',
  'you',
  'your',
  'this',
  'that',
  'with',
  'for',
  'from',
  'all',
  'any',
  'are',
  'now',
  'run',
  'use',
  'get',
  'set',
  'add',
  'can',
  'will',
  'must',
  'should',
  'do',
  'to',
  'in',
  'on',
  'of',
  'or',
  'is',
  'it',
  'be',
  'as',
  'at',
  'by',
  'an',
  'if',
  'no',
  'file',
  'files',
  'code',
  'user',
  'data',
  'text',
  'value',
  'content',
  'mode',
  'format',
  'source',
  'output',
  'read',
  'write',
  'open',
  'load',
  'never',
  'always',
  'http',
  'https',
  'url',
  'sh',
  'py',
  'js',
  'md',
  '-',
  '|',
  '$',
  '`',
  '"',
  "'",
  '(',
  ')',
  '=',
  '.',
  '/',
  ':',
  ',',
  '#',
  '@',
  '&',
  '{',
  '}',
  '[',
  ']',
  '<',
  '!',
]);

export function clauseCost(clause: Clause): number {
  let cost = 0;
  for (const literal of clause) cost += literalCost(literal);
  return cost;
}

/** Whether every text holding literal `a` holds literal `b` (`curl -` holds `curl`; a bounded literal holds its unbounded self). */
function implies(a: string, b: string): boolean {
  return a === b || (!b.includes(WORD_BOUNDARY) && literalText(a).includes(b));
}

/** Literals implied by another in the same clause go: the clause holds whenever the other one does. */
function minimal(clause: Clause): string[] {
  const sorted = [...new Set(clause)].sort((a, b) => a.length - b.length);
  const kept: string[] = [];
  for (const s of sorted) if (!kept.some((k) => implies(s, k))) kept.push(s);
  return kept;
}

export interface PatternAnchors {
  /** Clauses, rarest first; the first is the one the scan looks for in the whole text. */
  clauses: Clause[];
  /** Why none could be derived (a syntax the parser does not know). */
  error?: string;
}

/** Clauses kept per pattern: past the first, only rare ones (a clause of marks and common words is not worth a lookup). */
const MAX_KEPT = 3;

export interface DeriveOptions {
  /** Ranks clauses inside alternations (default: literalCost's estimate). */
  cost?: (clause: Clause) => number;
  /** Collects every literal any clause got (to measure them all, then derive again ranked by the measure). */
  seen?: Set<string>;
}

/** Every clause derivable from the regexes (a pattern's own and the one its block must also hold), deduplicated. */
export function deriveClauses(patterns: readonly RegExp[], options: DeriveOptions = {}): PatternAnchors {
  const analysis = new Analysis(options.cost ?? clauseCost, options.seen);
  const clauses = new Map<string, string[]>();
  try {
    for (const re of patterns) {
      const info = analysis.analyse(parseRegex(re.source, re.flags));
      for (const c of [...analysis.exactClause(info), ...info.clauses]) {
        const literals = minimal(c);
        if (literals.length) clauses.set([...literals].sort().join('\0'), literals);
      }
    }
  } catch (error) {
    return { clauses: [], error: error instanceof Error ? error.message : String(error) };
  }
  return { clauses: [...clauses.values()] };
}

/**
 * The clauses worth looking for, rarest first by `cost` (default: literalCost's estimate):
 * the first is the one the scan looks for in the whole text, the others (up to `limit` each)
 * narrow a window down. A clause another kept one implies (each of whose literals contains one of its own) adds nothing.
 */
export function selectClauses(clauses: readonly Clause[], cost: (clause: Clause) => number = clauseCost, limit = 0.05): Clause[] {
  const costs = new Map(clauses.map((c) => [c, cost(c)]));
  const ranked = [...clauses].sort((a, b) => costs.get(a)! - costs.get(b)!);
  const kept: Clause[] = [];
  for (const c of ranked) {
    if (kept.length >= MAX_KEPT || (kept.length && costs.get(c)! > limit)) break;
    if (kept.some((k) => k.every((lit) => c.some((x) => implies(lit, x))))) continue;
    // Mostly the same literals as a kept clause (two pairings of one alternation): it would narrow little.
    if (kept.some((k) => c.filter((x) => k.includes(x)).length * 2 > c.length)) continue;
    kept.push(c);
  }
  return kept;
}

/** The anchors of a pattern's regexes: derived, then selected. */
export function deriveAnchors(patterns: readonly RegExp[]): PatternAnchors {
  const derived = deriveClauses(patterns);
  return derived.error ? derived : { clauses: selectClauses(derived.clauses) };
}
