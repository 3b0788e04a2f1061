import type { ParsedFrontmatter } from '../../frontmatter/parse-frontmatter.js';
import type { Unit } from '../scan-types.js';
import { eachLine } from './each-line.js';
import { stepCells, stepColumns } from './table-columns.js';

/** Languages where a trailing backslash is a path character, not a line continuation. */
const NO_BACKSLASH_CONTINUATION = /^(?:powershell|pwsh|ps1?|posh|bat|batch|cmd|dos)$/i;
/** Top-level frontmatter keys whose values Claude Code runs as commands. */
const COMMAND_KEYS = ['hooks'];

const FENCE = /^(`{3,}|~{3,})[ \t]*([^\r\n]*)$/;
const LIST_ITEM = /^(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)/;
const HEADING = /^#{1,6}(?:[ \t]|$)/;

/** A line's content after its indentation and quote markers, and how deep it is indented. */
function lineShape(text: string, start: number, end: number): { indent: number; content: number } {
  let i = start;
  let indent = 0;
  for (;;) {
    while (i < end && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) {
      indent += text.charCodeAt(i) === 9 ? 4 : 1;
      i++;
    }
    if (i < end && text.charCodeAt(i) === 62) {
      i++;
      indent = 0;
      continue;
    }
    return { indent, content: i };
  }
}

const LINK_REFERENCE_COMMENT = /^\[[^\]\n]{0,40}\]:\s{0,4}#\s{0,4}[("']/;

/** Inline code spans of a prose range (`` `x` ``, ``` ``x`` ```): file ranges of their contents, and which are `!`cmd`` or `!{cmd}` pre-run commands. */
function codeSpans(text: string, start: number, end: number): { spans: [number, number][]; preRun: [number, number][] } {
  const spans: [number, number][] = [];
  const preRun: [number, number][] = [];
  // Searched within the range only: a search past its end would make a file of many paragraphs quadratic.
  const range = text.slice(start, end);
  let i = range.indexOf('`');
  while (i >= 0) {
    let run = i;
    while (range.charCodeAt(run) === 96) run++;
    const width = run - i;
    let close = range.indexOf('`'.repeat(width), run);
    // A closing run of exactly the same width (a longer run does not close it).
    while (close >= 0 && range.charCodeAt(close + width) === 96) {
      let after = close;
      while (range.charCodeAt(after) === 96) after++;
      close = range.indexOf('`'.repeat(width), after);
    }
    if (close < 0) {
      i = range.indexOf('`', run);
      continue;
    }
    (start + i > 0 && text.charCodeAt(start + i - 1) === 33 ? preRun : spans).push([start + run, start + close]);
    i = range.indexOf('`', close + width);
  }
  // Gemini CLI's `!{cmd}` (braces balanced inside) runs the command when the prompt is loaded, as Claude Code's `!`cmd`` does.
  for (let open = range.indexOf('!{'); open >= 0; open = range.indexOf('!{', open + 2)) {
    let depth = 0;
    // Bounded: a paragraph of unclosed `!{` would otherwise be read once per opening.
    for (let j = open + 1, last = Math.min(range.length, open + 4000); j < last; j++) {
      const c = range.charCodeAt(j);
      if (c === 123) depth++;
      else if (c === 125 && --depth === 0) {
        preRun.push([start + open + 2, start + j]);
        open = j - 1;
        break;
      }
    }
  }
  return { spans, preRun };
}

const CLOSING_QUOTE: Readonly<Record<string, string>> = { '"': '"', "'": "'", '\u201c': '\u201d', '\u00ab': '\u00bb', '\u300c': '\u300d' };

/** Whether `text[start, end)` stands between a pair of quotation marks on its line (`"<!-- … -->"`). */
function quotedWhole(text: string, start: number, end: number): boolean {
  const closing = CLOSING_QUOTE[text[start - 1] ?? ''];
  return closing !== undefined && text[end] === closing;
}

/**
 * A Markdown file → its units, line by line (no parser, so no shape of Markdown is slow and no
 * budget is needed): the frontmatter (and its `hooks` as code), fenced and indented code (with the
 * info string), HTML comments, and prose — a paragraph, a list item, a heading or a table row each
 * (what an agent reads as one step), with their inline code spans and `!`cmd`` pre-run commands.
 */
export function segmentMarkdown(text: string, frontmatter: ParsedFrontmatter | undefined): Unit[] {
  const units: Unit[] = [];
  const push = (unit: Omit<Unit, 'id'>) => {
    if (unit.end <= unit.start) return;
    (unit as Unit).id = units.length;
    units.push(unit as Unit);
  };
  let bodyStart = 0;
  if (frontmatter?.present && frontmatter.endLine !== undefined) {
    bodyStart = frontmatter.bodyOffset;
    const lines = [...eachLine(text, 0, bodyStart)];
    const start = lines[(frontmatter.startLine ?? 1) - 1]?.next ?? 0;
    const end = lines[frontmatter.endLine - 1]?.start ?? bodyStart;
    push({ kind: 'frontmatter', start, end });
    const keyLines = [...frontmatter.keyLines.values()].sort((a, b) => a - b);
    for (const key of COMMAND_KEYS) {
      const line = frontmatter.keyLines.get(key);
      if (line === undefined) continue;
      const nextKey = keyLines.find((l) => l > line) ?? frontmatter.endLine;
      push({ kind: 'code', start: lines[line - 1]!.start, end: lines[nextKey - 1]?.start ?? end, origin: 'hook' });
    }
  }

  let prose: { start: number; end: number; table?: boolean; item?: boolean; stepCells?: [number, number][] } | undefined;
  // The step columns of the table being read (from its header row), and where its next row would start.
  let table: { columns: boolean[]; next: number } | undefined;
  let fence: { char: number; width: number; start: number; info: string; leadable: boolean } | undefined;
  let blankSinceProse = 0;
  let indented: { start: number; end: number } | undefined;
  let afterBlank = true;
  let inList = false;
  // The paragraph ending in ":" that the list after it belongs to ("At the start of every task:").
  let listLead: number | undefined;
  let headingLead: number | undefined;
  // The list item ending in ":" that the items nested under it belong to ("2. Examples of what is forbidden:"), and its indent.
  let nestedLead: { id: number; indent: number } | undefined;
  const closeProse = () => {
    if (!prose) return;
    const { spans, preRun } = codeSpans(text, prose.start, prose.end);
    const item = prose.item === true;
    if (!item) listLead = undefined;
    const indent = prose.start - (text.lastIndexOf('\n', prose.start - 1) + 1);
    if (!item || (nestedLead && indent <= nestedLead.indent)) nestedLead = undefined;
    const lead = item ? (listLead ?? nestedLead?.id) : undefined;
    push({
      kind: 'prose',
      start: prose.start,
      end: prose.end,
      ...(spans.length ? { spans } : {}),
      ...(prose.table ? { tableRow: true } : {}),
      ...(prose.stepCells?.length ? { stepCells: prose.stepCells } : {}),
      ...(lead !== undefined ? { listLead: lead } : {}),
      ...(item && headingLead !== undefined ? { headingLead } : {}),
    });
    const endsInColon = /:[\s*_`)]*$/.test(text.slice(prose.start, prose.end));
    if (!item && !prose.table && endsInColon) listLead = units[units.length - 1]!.id;
    if (item && endsInColon) nestedLead = { id: units[units.length - 1]!.id, indent };
    // A heading heads the list right under it ("## Do NOT" over its items), and through the one paragraph that leads the
    // list in ("## Red flags" / "These mean the host was weakened. Report them:" / items); any other paragraph ends that.
    if (!item) {
      const heading = !prose.table && text.charCodeAt(prose.start) === 35;
      const keeps = !heading && !prose.table && endsInColon && headingLead !== undefined && headingLead === units.length - 2;
      headingLead = heading ? units[units.length - 1]!.id : keeps ? headingLead : undefined;
    }
    for (const [start, end] of preRun) push({ kind: 'code', start, end, origin: 'pre-run' });
    prose = undefined;
  };
  const closeIndented = () => {
    if (indented) push({ kind: 'code', start: indented.start, end: indented.end, origin: 'indented' });
    indented = undefined;
  };
  for (let line of eachLine(text, bodyStart, text.length)) {
    if (fence) {
      const { content } = lineShape(text, line.start, line.end);
      if (text.charCodeAt(content) !== fence.char) continue;
      const m = FENCE.exec(text.slice(content, line.end));
      if (m && m[1]!.charCodeAt(0) === fence.char && m[1]!.length >= fence.width && m[2]!.trim() === '') {
        const info = fence.info.split(/[ \t]/)[0] ?? '';
        const before = units[units.length - 1];
        // Ending in a colon, or in the verb the block completes ("… each time the tests come back green, run" over the command).
        const introduced =
          before?.kind === 'prose' &&
          !before.tableRow &&
          /:[\s*_`)]*$|\b(?:run|execute|invoke|call|type|enter)[\s*_]*$/i.test(text.slice(before.start, before.end)) &&
          fence.leadable;
        // A block right after a block the paragraph introduced ("DANGEROUS:" over a Python block and a JS block) is one more of them.
        const alsoIntroduced = before?.kind === 'code' && before.origin === 'fence' && before.leadIn !== undefined && fence.leadable;
        push({
          ...(introduced ? { leadIn: before.id } : alsoIntroduced ? { leadIn: before.leadIn } : {}),
          kind: 'code',
          start: fence.start,
          end: line.start,
          info: fence.info,
          origin: fence.info.startsWith('!') ? 'pre-run' : 'fence',
          ...(NO_BACKSLASH_CONTINUATION.test(info) ? { noContinuation: true } : {}),
        });
        fence = undefined;
        afterBlank = true;
      }
      continue;
    }
    const { indent, content } = lineShape(text, line.start, line.end);
    if (content >= line.end) {
      closeProse();
      if (indented) indented.end = line.end;
      afterBlank = true;
      blankSinceProse++;
      continue;
    }
    blankSinceProse = 0;
    if (indented && indent >= 4) {
      indented.end = line.end;
      continue;
    }
    closeIndented();
    const first = text.charCodeAt(content);
    const rest = text.slice(content, Math.min(line.end, content + 400));
    const fenceOpen = first === 96 || first === 126 ? FENCE.exec(rest) : null;
    if (fenceOpen && !(fenceOpen[1]![0] === '`' && fenceOpen[2]!.includes('`'))) {
      closeProse();
      // A block right after a paragraph (at most one blank line between) is what that paragraph introduces.
      fence = {
        char: fenceOpen[1]!.charCodeAt(0),
        width: fenceOpen[1]!.length,
        start: line.next,
        info: fenceOpen[2]!.trim(),
        leadable: blankSinceProse <= 1,
      };
      continue;
    }
    // `[//]: # (text)`: a link reference definition nothing links to, the usual Markdown comment: invisible when rendered.
    if (first === 91 && LINK_REFERENCE_COMMENT.test(rest)) {
      closeProse();
      push({ kind: 'comment', start: content, end: line.end });
      afterBlank = false;
      continue;
    }
    if (first === 60 && rest.startsWith('<!--')) {
      closeProse();
      const close = text.indexOf('-->', content + 4);
      const end = close < 0 ? text.length : close + 3;
      push({ kind: 'comment', start: content, end });
      if (end > line.end) {
        // Skip the comment's other lines; text after `-->` on its last line reads as prose.
        for (const next of eachLine(text, line.next, text.length)) {
          line = next;
          if (next.end >= end) break;
        }
      }
      const after = end < line.end ? text.slice(end, line.end).trim() : '';
      if (after) prose = { start: end, end: line.end };
      afterBlank = false;
      continue;
    }
    if (indent >= 4 && afterBlank && !inList && !prose) {
      indented = { start: line.start, end: line.end };
      continue;
    }
    if ((first === 35 && HEADING.test(rest)) || first === 124) {
      closeProse();
      prose = { start: content, end: line.end, ...(first === 124 ? { table: true } : {}) };
      if (first === 124) {
        if (table && table.next === line.start) {
          prose.stepCells = stepCells(text, table.columns, content, line.end);
          table.next = line.next;
        } else table = { columns: stepColumns(text, content, line.end), next: line.next };
      }
      closeProse();
      afterBlank = false;
      continue;
    }
    if ((first === 45 || first === 42 || first === 43 || (first >= 48 && first <= 57)) && LIST_ITEM.test(rest)) {
      closeProse();
      inList = true;
      prose = { start: content, end: line.end, item: true };
    } else if (prose) {
      prose.end = line.end;
    } else {
      if (afterBlank && indent === 0) inList = false;
      prose = { start: content, end: line.end };
    }
    afterBlank = false;
  }
  closeProse();
  closeIndented();
  if (fence) push({ kind: 'code', start: fence.start, end: text.length, info: fence.info, origin: 'fence' });
  // HTML comments inside prose: invisible when rendered, read by the model.
  const openers: number[] = [];
  for (let at = text.indexOf('<!--', bodyStart); at >= 0; at = text.indexOf('<!--', at + 4)) openers.push(at);
  if (!openers.length) return units;
  let next = 0;
  for (const unit of units.filter((u) => u.kind === 'prose')) {
    while (next < openers.length && openers[next]! < unit.start) next++;
    for (let k = next; k < openers.length && openers[k]! < unit.end; k++) {
      const at = openers[k]!;
      // Inside an inline code span the comment is shown as written: nothing is hidden from the reader.
      if (unit.spans?.some(([from, to]) => from <= at && at < to)) continue;
      const close = text.indexOf('-->', at + 4);
      const end = close < 0 || close > unit.end ? unit.end : close + 3;
      // Quoted whole (`"<!-- assistant: run … -->"`): a string the sentence shows, read with the sentence around it.
      if (close >= 0 && quotedWhole(text, at, end)) continue;
      push({ kind: 'comment', start: at, end });
    }
  }
  return units;
}
