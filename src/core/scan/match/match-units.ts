import type { AcceptResult, ReadKind } from '../rules/scan-rule.js';
import { DEFANGED_ADDRESS, describesAttack, hostsIn, urlsIn } from '../rules/shell-vocabulary.js';
import type { Capability, Evidence, Unit } from '../scan-types.js';
import { fileOffset, logicalLines, proseView, type TextView } from '../segment/unit-text.js';
import type { CompiledDetector, CompiledDetectors } from './compile-detectors.js';
import {
  EXECUTES_STRINGS,
  heldAsText,
  inPatternString,
  isDetectionQuery,
  itemOfPatternList,
  shellMessageFunctions,
  type CodeContext,
} from './code-context.js';
import type { KeywordAutomaton, KeywordHits } from './keyword-automaton.js';
import { firstHitEndingAfter, linesWithHits, Waker } from './waker.js';

/** Matches of one detector in one text: enough to judge, bounded so one long line costs little. */
const MAX_MATCHES_PER_TEXT = 64;
/**
 * Matches one detector may produce in one file before it stops running there. A flood (every line
 * of a file matching) is judged from the first of them; the rest would only cost time.
 */
export const MAX_MATCHES_PER_FILE = 1000;

/** A detector's match, in the text the rules read (before offsets go back to what is written). */
export interface RawEvidence extends Pick<
  Evidence,
  | 'rule'
  | 'detector'
  | 'why'
  | 'unit'
  | 'start'
  | 'end'
  | 'level'
  | 'capabilities'
  | 'detail'
  | 'hosts'
  | 'urls'
  | 'owners'
  | 'authenticates'
  | 'clause'
  | 'inCode'
  | 'inSpan'
  | 'negated'
  | 'described'
> {
  matched: string;
  evidenceOnly: boolean;
}

export interface MatchOptions {
  path: string;
  /** Names the operator passes to agents as secrets (`ralph.passEnv`). */
  secretNames: ReadonlySet<string>;
  /**
   * false: every detector runs on every unit, line and span, along the whole text — the oracle the
   * keyword prefilter is tested against (a finding it would drop is a bug).
   */
  prefilter?: boolean;
  /** Set by matchUnits: the file's text, for detectors that join two steps. */
  fileText?: string;
}

/** Per file: how many matches each detector has produced (the time bound). */
export class MatchBudget {
  private readonly counts: Int32Array;
  constructor(size: number) {
    this.counts = new Int32Array(size);
  }
  spent(index: number): boolean {
    return this.counts[index]! >= MAX_MATCHES_PER_FILE;
  }
  take(index: number): void {
    this.counts[index]!++;
  }
}

/** Addresses a command line downloads from: URLs, and bare hosts after a downloader (`curl -sL cli.example.dev`, `irm bun.sh/install.ps1`). */
function downloadUrls(text: string): string[] {
  const bare = [
    ...text.matchAll(
      /\b(?:curl|wget|iwr|irm|invoke-webrequest|invoke-restmethod)\b[^|;&\n]{0,200}?\s["']?((?:[a-z0-9-]{1,63}\.){1,5}[a-z]{2,24}(?:\/[^\s"'|;&)]{0,300})?)/gi,
    ),
  ]
    .map((m) => m[1]!)
    .filter((h) => !/^[\w-]+\.(?:sh|py|ps1|js|json|txt|tar|gz|zip)$/i.test(h))
    .map((h) => `https://${h}`);
  return [...new Set([...urlsIn(text), ...bare])];
}

/**
 * A line whose download or upload reaches no one: a placeholder destination and no real address (`https://<host>/…`),
 * or only addresses nobody else can serve (RFC 2606: under `.invalid`, which never resolves, or example.com, .org,
 * .net themselves, run by IANA).
 */
function goesNowhere(hosts: readonly string[], text: string): boolean {
  if (!hosts.length) return PLACEHOLDER_DESTINATION.test(text);
  return hosts.every((h) => /(?:^|\.)invalid$|^(?:www\.)?example\.(?:com|org|net)$/i.test(h));
}

/** What a match shows, after the detector's own look at it; undefined when it drops the match. */
type Judged = Pick<RawEvidence, 'level' | 'capabilities' | 'evidenceOnly' | 'detail' | 'owners' | 'hosts' | 'urls'>;

function judgeMatch(d: CompiledDetector, accepted: AcceptResult): Judged | undefined {
  if (accepted === false) return undefined;
  const evidenceOnly = d.detector.evidenceOnly === true;
  if (accepted === true) return { level: d.level, capabilities: d.capabilities, evidenceOnly };
  if (typeof accepted === 'string') return { level: accepted, capabilities: d.capabilities, evidenceOnly };
  return {
    level: accepted.level ?? d.level,
    capabilities: accepted.capabilities ?? d.capabilities,
    evidenceOnly: accepted.evidenceOnly ?? evidenceOnly,
    ...(accepted.detail ? { detail: accepted.detail } : {}),
    ...(accepted.owners?.length ? { owners: accepted.owners } : {}),
    ...(accepted.hosts?.length ? { hosts: accepted.hosts } : {}),
  };
}

/** Capabilities that are acts: held as text (a pattern, a quoted example, a table cell), they act on nothing. */
const ACTS: ReadonlySet<Capability> = new Set([
  'download',
  'execute',
  'evaluate',
  'decode',
  'destruction',
  'persistence',
  'privilege',
  'reverse-shell',
  'sink',
  'concealment',
]);

/** A destination that is a placeholder (`https://<host>/…`, `{{url}}`): a template, not somewhere data can go. */
const PLACEHOLDER_DESTINATION =
  /:\/\/(?:<[^>\s]{1,60}>|\{\{[^}]{1,60}\}\}|\[[a-z][\w -]{1,40}\]|\$\{?(?:HOST|URL|SERVER|ENDPOINT|DOMAIN|TARGET|ATTACKER|C2|IP)\}?\b)/i;

/** A fragment with holes (`exec(...)`, `curl … | sh`, a `<url>` to fetch) or a defanged address (`hxxp://`, `evil[.]com`): a pattern, a template or an indicator, nothing that runs as written. */
/** What a placeholder address makes an example of: acts that need a real address or code to fetch. */
const TEMPLATED: ReadonlySet<Capability> = new Set([
  'download',
  'execute',
  'sink',
  'source',
  'decode',
  'drop-box',
  'reverse-shell',
  'credential-flow',
]);
const TEMPLATE = new RegExp(
  String.raw`\(\s{0,2}(?:\.\.\.|\u2026)\s{0,2}[,)]|\u2026|(?:^|\s)\.\.\.(?=[\s)|'"\x60]|$)|<(?:url|host|ip|server|domain)>|${DEFANGED_ADDRESS.source}`,
  'i',
);

/** A line a Semgrep-style test annotation (`# ruleid: x`, `// ok: x`) marks as a fixture, in a Markdown code block: an expected match, not a step. */
function annotatedFixture(text: string, at: number, holding: Holding): boolean {
  // A script file of test cases is judged as a whole (judge/judge-files.ts): held only when nothing runs it.
  if (!holding.code?.inMarkdown) return false;
  const lineStart = text.lastIndexOf('\n', at - 1);
  if (lineStart < 0) return false;
  const previous = text.slice(text.lastIndexOf('\n', lineStart - 1) + 1, lineStart);
  return /^\s{0,8}(?:#|\/\/|--|<!--)\s{0,4}(?:ruleid|ok|todoruleid|todook|deepruleid|deepok)\s{0,4}:/i.test(previous);
}

/** How the text around a match holds it: as code it runs, or as text (an example, a pattern, a cell). */
interface Holding {
  /** Code: the unit's language and whether it runs strings; undefined for prose. */
  code?: CodeContext;
  /** A table row: what a cell names is described, not done. */
  tableRow?: boolean;
  /** Inline code in a sentence about what attackers do ("Attackers run `history -c`"): described, not done. */
  described?: boolean;
  /** Prose: whether the sentence at an offset of the view is about what attackers do (read only for a match that acts). */
  describedAt?: (offset: number) => boolean;
  /** File offset where the unit starts (its text is the `unitText` a detector gets). */
  unitStart?: number;
  /** What an agent client launches on its own (an MCP server's command, a hook). */
  launched?: boolean;
}

/** The match as text the unit holds (an example, a pattern): evidence of nothing, quiet. */
function asText(judged: Judged): Judged {
  return { ...judged, capabilities: ['mentions-attack'], level: 'LOW', evidenceOnly: true };
}

/** The keyword occurrences of the text a view was cut from (a view of one piece: same offsets, shifted). */
interface Occurrences {
  hits: KeywordHits;
  automaton: KeywordAutomaton;
}

/**
 * The matches of a detector in a view: along the whole text, or — for a detector whose matches start
 * at its keywords, on a view with one piece — tried only where those keywords start.
 */
function* matchesOf(d: CompiledDetector, view: TextView, occurrences: Occurrences | undefined): Generator<RegExpExecArray> {
  if (d.leads && occurrences && view.pieces.length === 1) {
    const { hits, automaton } = occurrences;
    const [, offset] = view.pieces[0]!;
    const end = offset + view.text.length;
    const lo = firstHitEndingAfter(hits, offset);
    const re = d.sticky!;
    let after = 0;
    for (let i = lo; i < hits.count && hits.ends[i]! <= end; i++) {
      const literal = hits.literals[i]!;
      if (!d.leads[literal]) continue;
      const at = automaton.startOf(view.text, hits.ends[i]! - offset, literal);
      if (at < after || at < 0) continue;
      re.lastIndex = at;
      const m = re.exec(view.text);
      if (!m) continue;
      after = at + Math.max(1, m[0].length);
      yield m;
    }
    return;
  }
  const re = d.global;
  re.lastIndex = 0;
  for (let m = re.exec(view.text); m; m = re.exec(view.text)) {
    if (m[0].length === 0) re.lastIndex++;
    yield m;
  }
}

/** Runs one detector over one view of a unit, appending what it finds. */
function run(
  d: CompiledDetector,
  view: TextView,
  kind: ReadKind,
  unit: number,
  options: MatchOptions,
  budget: MatchBudget,
  out: RawEvidence[],
  holding: Holding = {},
  unitText: string = view.text,
  occurrences?: Occurrences,
): void {
  // Per view, not per match: a paragraph of thousands of download lines would be read once per match.
  let hosts: string[] | undefined;
  let urls: string[] | undefined;
  let n = 0;
  for (const m of matchesOf(d, view, occurrences)) {
    if (n++ >= MAX_MATCHES_PER_TEXT || budget.spent(d.index)) break;
    const accepted = d.detector.accept
      ? d.detector.accept(m, {
          text: view.text,
          path: options.path,
          kind,
          secretNames: options.secretNames,
          unitText,
          fileText: options.fileText,
          launched: holding.launched,
        })
      : true;
    const first = judgeMatch(d, accepted);
    if (!first) continue;
    let judged: Judged = first;
    budget.take(d.index);
    const lead = m.groups?.lead ?? '';
    const from = m.index - lead.length;
    // A detection query (KQL, SPL, Sigma, YARA, Semgrep) searches logs or code for what it names: it reads and runs nothing here.
    if (isDetectionQuery(holding.code?.language)) judged = asText(judged);
    // A place attackers use, named in a pattern an IOC scanner looks for, is looked for.
    else if (judged.capabilities.includes('drop-box') && holding.code && inPatternString(view.text, from, m.index + m[0].length))
      judged = asText(judged);
    else if (!d.detector.inStrings && judged.capabilities.some((c) => ACTS.has(c))) {
      const held =
        holding.tableRow ||
        holding.described ||
        holding.describedAt?.(m.index) ||
        (holding.code && d.scope === 'line' && heldAsText(view.text, from, m.index + m[0].length, holding.code)) ||
        (judged.capabilities.some((c) => c === 'sink' || c === 'download') && goesNowhere((hosts ??= hostsIn(view.text)), view.text)) ||
        // A placeholder address (`<url>`, `…`) leaves a download or an upload nowhere to go; a key appended on `<ip>` is still appended.
        (judged.capabilities.some((c) => TEMPLATED.has(c)) &&
          TEMPLATE.test(
            view.text.slice(view.text.lastIndexOf('\n', from - 1) + 1, from) +
              lead +
              m[0] +
              view.text.slice(m.index + m[0].length, m.index + m[0].length + 60).split('\n')[0],
          )) ||
        (holding.unitStart !== undefined &&
          (annotatedFixture(unitText, fileOffset(view, from) - holding.unitStart, holding) ||
            (holding.code !== undefined && itemOfPatternList(unitText, fileOffset(view, from) - holding.unitStart))));
      if (held) judged = asText(judged);
    }
    const start = fileOffset(view, from);
    const end = fileOffset(view, Math.max(from, m.index + m[0].length - 1)) + 1;
    if (judged.capabilities.includes('download')) judged = { ...judged, urls: (urls ??= downloadUrls(view.text)) };
    if (!judged.hosts && judged.capabilities.some((c) => c === 'sink' || c === 'source' || c === 'credential-flow'))
      judged.hosts = hosts ??= hostsIn(view.text);
    out.push({
      rule: d.rule.id,
      detector: d.detector.id,
      ...(d.detector.why ? { why: d.detector.why } : {}),
      unit,
      start,
      end,
      matched: lead + m[0],
      ...judged,
    });
  }
}

/** The language of a code unit: its fence's info word, a script's extension, or shell for commands. */
function languageOf(unit: Unit, path: string): string | undefined {
  if (unit.kind === 'config') return path.slice(path.lastIndexOf('.') + 1);
  if (unit.origin === 'script') return path.slice(path.lastIndexOf('.') + 1);
  if (unit.info) return unit.info.split(/[\s{,]/)[0]!.replace(/^\./, '');
  return undefined;
}

/**
 * A YAML list of Semgrep rules (`rules:` whose items have an `id` and `pattern…` keys) is a detection query as a
 * whole: its messages and patterns name what it looks for. Read from its structure, not its words.
 */
function ruleFileLanguage(language: string | undefined, text: () => string): string | undefined {
  if (!language || !/^ya?ml$/i.test(language)) return language;
  const t = text();
  return /^rules\s{0,4}:\s{0,4}$/m.test(t) &&
    /^\s{0,8}-\s{1,4}id\s{0,4}:/m.test(t) &&
    /^\s{0,12}(?:-\s{1,4})?pattern(?:s|-either|-regex|-inside)?\s{0,4}:/m.test(t)
    ? 'semgrep'
    : language;
}

/** What kind a unit is read as, by detectors. */
function readKindOf(unit: Unit): ReadKind {
  switch (unit.kind) {
    case 'code':
      return 'code';
    case 'config':
      return 'config';
    case 'comment':
      return 'comment';
    case 'frontmatter':
      return 'frontmatter';
    case 'launch':
      return 'launch';
    default:
      return 'prose';
  }
}

/**
 * The matches in a file's units: `hits` are the keyword occurrences of the whole text (one scan),
 * and in each unit only the detectors a keyword there wakes run — on each logical line (code,
 * config, frontmatter), on the paragraph as prose reads it, on inline code spans as code, and on
 * the whole unit for unit-scope detectors.
 */
export function matchUnits(
  text: string,
  units: readonly Unit[],
  hits: KeywordHits,
  compiled: CompiledDetectors,
  options: MatchOptions,
  budget: MatchBudget,
  waker: Waker = new Waker(compiled, options.prefilter),
): RawEvidence[] {
  const out: RawEvidence[] = [];
  options = { ...options, fileText: text };
  const prefilter = options.prefilter !== false;
  const occurrences: Occurrences | undefined = prefilter ? { hits, automaton: compiled.automaton } : undefined;
  // A paragraph that introduces a code block is read with it: one step.
  const introduces = new Map<number, Unit>();
  for (const u of units) if (u.leadIn !== undefined) introduces.set(u.leadIn, u);
  const continued = text.includes('\\\n') || text.includes('\\\r');
  for (const unit of units) {
    let woken = waker.woken(hits, unit.start, unit.end);
    // A config's shell (a workflow's `run: |` block) continues lines with a backslash as a script does.
    const joins =
      (unit.kind === 'code' || unit.kind === 'config') &&
      !unit.noContinuation &&
      continued &&
      /\\\r?\n|\\\r/.test(text.slice(unit.start, unit.end));
    const lines = () => (prefilter ? linesWithHits(text, unit.start, unit.end, hits) : logicalLines(text, unit.start, unit.end, false));
    if (!woken.length && !joins) continue;
    const kind = readKindOf(unit);
    let source: string | undefined;
    const own = () => (source ??= text.slice(unit.start, unit.end));
    let executes: boolean | undefined;
    let messages: Set<string> | undefined;
    const code: CodeContext | undefined =
      kind === 'code' || kind === 'config' || kind === 'launch' || unit.asCode
        ? {
            language: ruleFileLanguage(languageOf(unit, options.path), own),
            get executesStrings() {
              return (executes ??= EXECUTES_STRINGS.test(own()));
            },
            inMarkdown: unit.kind === 'code' && unit.origin !== 'script',
            get messageFunctions() {
              return (messages ??= shellMessageFunctions(own()));
            },
          }
        : undefined;
    let whole: string | undefined;
    const block = introduces.get(unit.id);
    const unitText = () => (whole ??= own() + (block ? `\n${text.slice(block.start, block.end)}` : ''));
    const detectors = (ids: readonly number[], read: ReadKind, scope: 'line' | 'unit') =>
      ids.map((i) => compiled.detectors[i]!).filter((d) => d.scope === scope && d.reads.has(read));
    if (kind === 'code' || kind === 'config' || kind === 'frontmatter' || kind === 'launch' || unit.asCode) {
      const lineKind: ReadKind = unit.asCode ? 'code' : kind;
      const launched = unit.origin === 'launch' || unit.origin === 'inline-script';
      if (joins) {
        for (const line of logicalLines(text, unit.start, unit.end, true)) {
          const first = line.pieces[0]![1];
          const last = line.pieces[line.pieces.length - 1]!;
          let ids = waker.woken(hits, first, last[1] + (line.text.length - last[0]));
          // A keyword split by a line continuation (`cu\⏎rl`) is whole only in the joined line.
          if (line.pieces.length > 1)
            ids = [...new Set([...ids, ...waker.woken(compiled.automaton.scan(line.text), 0, line.text.length)])].sort((a, b) => a - b);
          for (const d of detectors(ids, lineKind, 'line'))
            run(d, line, lineKind, unit.id, options, budget, out, { code, unitStart: unit.start, launched }, unit.within ?? unitText());
        }
        woken = [
          ...new Set([...woken, ...waker.woken(compiled.automaton.scan(own().replace(/\\\r?\n|\\\r/g, '  ')), 0, unit.end - unit.start)]),
        ];
      } else if (detectors(woken, lineKind, 'line').length) {
        for (const line of lines()) {
          const at = line.pieces[0]![1];
          for (const d of detectors(waker.woken(hits, at, at + line.text.length), lineKind, 'line'))
            run(
              d,
              line,
              lineKind,
              unit.id,
              options,
              budget,
              out,
              { code, unitStart: unit.start, launched },
              unit.within ?? unitText(),
              occurrences,
            );
        }
      }
      const unitScoped = detectors(woken, lineKind, 'unit');
      if (unitScoped.length) {
        const all: TextView = { text: unitText(), pieces: [[0, unit.start]] };
        for (const d of unitScoped) {
          if (d.requires && !d.requires.test(all.text)) continue;
          run(d, all, lineKind, unit.id, options, budget, out, { code });
        }
      }
    }
    if (kind === 'prose' || kind === 'comment' || unit.asCode) {
      const proseKind: ReadKind = kind === 'comment' ? 'comment' : 'prose';
      const lineScoped = detectors(woken, proseKind, 'line');
      const unitScoped = detectors(woken, proseKind, 'unit');
      if (lineScoped.length || unitScoped.length) {
        const view = proseView(text, unit.start, unit.end);
        const holding: Holding = { tableRow: unit.tableRow, describedAt: (at) => describesAttack(view.text, at) };
        for (const d of lineScoped)
          run(d, view, proseKind, unit.id, options, budget, out, holding, block ? unitText() : view.text, occurrences);
        for (const d of unitScoped) {
          if (d.requires && !d.requires.test(view.text)) continue;
          run(d, view, proseKind, unit.id, options, budget, out, holding);
        }
      }
    }
    // Only detectors a keyword anywhere in the unit woke can wake in one of its spans; once each has
    // spent its budget for the file, the rest of the spans (a paragraph may hold thousands) cannot match.
    const inline = unit.spans?.length ? detectors(woken, 'inline', 'line') : [];
    for (const [start, end] of inline.length ? unit.spans! : []) {
      if (inline.every((d) => budget.spent(d.index))) break;
      const ids = waker.woken(hits, start, end);
      if (!ids.length) continue;
      // A paragraph of thousands of spans: once a detector's budget for the file is spent, its spans cost nothing.
      const live = detectors(ids, 'inline', 'line').filter((d) => !budget.spent(d.index));
      if (!live.length) continue;
      const span: TextView = { text: text.slice(start, end), pieces: [[0, start]] };
      let described: boolean | undefined;
      // Read only when a detector matched in the span: a paragraph may hold thousands of spans.
      const holding: Holding = {
        tableRow: unit.tableRow,
        get described() {
          return (described ??= describesAttack(text, start));
        },
      };
      for (const d of live) run(d, span, 'inline', unit.id, options, budget, out, holding, unitText(), occurrences);
    }
  }
  return out;
}
