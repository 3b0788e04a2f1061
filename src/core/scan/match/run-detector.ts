import type { AcceptResult, ReadKind } from '../rules/scan-rule.js';
import { DEFANGED_ADDRESS, hostsIn, urlsIn } from '../rules/shell-vocabulary.js';
import type { Capability } from '../scan-types.js';
import { fileOffset, QUERY_AMPERSAND, type TextView } from '../segment/unit-text.js';
import type { CompiledDetector } from './compile-detectors.js';
import {
  heldAsText,
  inCodeComment,
  printedIntoFile,
  inPatternString,
  isDetectionQuery,
  itemOfPatternList,
  type CodeContext,
} from './code-context.js';
import type { KeywordAutomaton, KeywordHits } from './keyword-automaton.js';
import { inPythonDocstring } from './python-docstrings.js';
import { MAX_MATCHES_PER_TEXT, type MatchBudget, type MatchOptions, type RawEvidence } from './match-types.js';
import { firstHitEndingAfter } from './waker.js';

/**
 * One detector run over one view of a unit: its matches, what the detector's own look makes of each, and how the
 * text around holds it (code it runs, or text it shows: a pattern, a template, a cell, an annotated fixture).
 */
/** Addresses a command line downloads from: URLs, and bare hosts after a downloader (`curl -sL cli.example.dev`, `irm bun.sh/install.ps1`). */
function downloadUrls(text: string): string[] {
  const bare = [
    ...text.matchAll(
      /\b(?:curl|wget|iwr|irm|invoke-webrequest|invoke-restmethod)\b[^|;&\n]{0,200}?\s["']?((?:[a-z0-9-]{1,63}\.){1,5}[a-z]{2,24}(?![\w-])(?:\/[^\s"'|;&)]{0,300})?)/gi,
    ),
  ]
    .map((m) => m[1]!)
    .filter((h) => !/^[\w-]+\.(?:sh|py|ps1|js|json|txt|tar|gz|tgz|zip|exe|msi|pkg|dmg|deb|rpm|appimage|bat|cmd)$/i.test(h))
    .map((h) => `https://${h}`);
  return [...new Set([...urlsIn(text), ...bare])];
}

/**
 * A line whose download or upload reaches no one: a placeholder destination and no real address (`https://<host>/…`),
 * or only addresses nobody else can serve (RFC 2606: under `.invalid`, which never resolves, or example.com, .org,
 * .net themselves, run by IANA).
 */
function goesNowhere(hosts: readonly string[], text: string): boolean {
  if (!hosts.length) {
    const placeholder = PLACEHOLDER_DESTINATION.exec(text);
    if (!placeholder) return false;
    // `https://${host}/…` where the script sets `host=$(…)`: a real address, built at run time.
    const variable = /\$\{?(\w{1,40})/.exec(placeholder[0])?.[1];
    return !variable || !new RegExp(String.raw`(?:^|[\s;(])(?:(?:local|export|readonly|declare)\s{1,4})?${variable}=`, 'm').test(text);
  }
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
  /:\/\/(?:<[^>\s]{1,60}>|\{\{[^}]{1,60}\}\}|\[[a-z][\w -]{1,40}\]|\$\{?(?:HOST|URL|SERVER|ENDPOINT|DOMAIN|TARGET|ATTACKER|C2|IP)\}?\b)|\b(?:curl|wget)\b[^;&|\n]{0,120}?\s["']?(?:URL|URI|<[\w .:/-]{1,40}>)["']?(?=[\s;&|)]|$)/i;

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
/** A fragment with holes (`exec(...)`, `curl … | sh`, a `<url>` or `https://...` to fetch) or a defanged address (`hxxp://`, `evil[.]com`): a pattern, a template or an indicator, nothing that runs as written. */
const TEMPLATE = new RegExp(
  String.raw`\(\s{0,2}(?:\.\.\.|\u2026)\s{0,2}[,)]|\u2026|(?:^|\s|:\/\/)\.\.\.(?=[\s)|'"\x60;]|$)|<(?:url|host|ip|server|domain)>|${DEFANGED_ADDRESS.source}`,
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
export interface Holding {
  /** Code: the unit's language and whether it runs strings; undefined for prose. */
  code?: CodeContext;
  /** A table row: what a cell names is described, not done. */
  tableRow?: boolean;
  /** A table row's step cells (file offsets): what they hold is done, not described. */
  stepCells?: readonly (readonly [number, number])[];
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
export interface Occurrences {
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

/** A view's text as the file has it: query separators masked for matching (unit-text.ts) read as `&` again. */
const unmasked = (text: string): string => (text.includes(QUERY_AMPERSAND) ? text.replaceAll(QUERY_AMPERSAND, '&') : text);

/** Runs one detector over one view of a unit, appending what it finds. */
export function run(
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
    const start = fileOffset(view, from);
    // A detection query (KQL, SPL, Sigma, YARA, Semgrep) searches logs or code for what it names: it reads and runs nothing here.
    if (isDetectionQuery(holding.code?.language)) judged = asText(judged);
    // A place attackers use, named in a pattern an IOC scanner looks for, is looked for.
    else if (judged.capabilities.includes('drop-box') && holding.code && inPatternString(view.text, from, m.index + m[0].length))
      judged = asText(judged);
    else if (!d.detector.inStrings && judged.capabilities.some((c) => ACTS.has(c))) {
      const held =
        (holding.tableRow && !holding.stepCells?.some(([s, e]) => s <= start && start < e)) ||
        holding.described ||
        holding.describedAt?.(from) ||
        (holding.code &&
          d.scope === 'line' &&
          heldAsText(view.text, from, m.index + m[0].length, holding.code) &&
          !(holding.unitStart !== undefined && printedIntoFile(unitText, start - holding.unitStart))) ||
        (holding.code &&
          holding.unitStart !== undefined &&
          inPythonDocstring(unitText, start - holding.unitStart, holding.code.language)) ||
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
          (annotatedFixture(unitText, start - holding.unitStart, holding) ||
            (holding.code !== undefined && itemOfPatternList(unitText, start - holding.unitStart))));
      if (held) judged = asText(judged);
    } else if (
      holding.code &&
      d.scope === 'line' &&
      judged.capabilities.includes('source') &&
      inCodeComment(view.text, from, m.index + m[0].length)
    )
      // A source named in a comment (`// the transcript_path is never sent`) is read by no one.
      judged = asText(judged);
    const end = fileOffset(view, Math.max(from, m.index + m[0].length - 1)) + 1;
    if (judged.capabilities.includes('download')) judged = { ...judged, urls: (urls ??= downloadUrls(unmasked(view.text))) };
    if (!judged.hosts && judged.capabilities.some((c) => c === 'sink' || c === 'source' || c === 'credential-flow'))
      judged.hosts = hosts ??= hostsIn(view.text);
    out.push({
      rule: d.rule.id,
      detector: d.detector.id,
      ...(d.detector.why ? { why: d.detector.why } : {}),
      unit,
      start,
      end,
      matched: unmasked(lead + m[0]),
      ...judged,
    });
  }
}
