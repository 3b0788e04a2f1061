import { CHECK_NAMES, type Finding, type Severity } from '../../core/finding.js';
import { codeSpan, renderMessage } from '../../core/markdown-safe.js';
import { minOf } from '../../core/push-all.js';
import { particularMessage, ruleNotesFor, type RuleNote } from './rule-notes.js';
import type { SourceLinks } from '../../core/source-links.js';
import { blobUrl } from './source-links.js';

export const SEVERITY_ICON: Record<Severity, string> = { error: '🛑', warning: '⚠️', notice: 'ℹ️' };
const RANK: Record<Severity, number> = { error: 0, warning: 1, notice: 2 };
const MESSAGE_MAX = 400;

export interface FindingList {
  text: string;
  shown: number;
}

/**
 * Findings grouped by check, then by file, each rule's name, levels, why, fix and reference said
 * once (rules in `explained` were said in an earlier section with the same levels and are not
 * repeated; the ones this list explains are added to it); lines are added worst file first until `budget` characters are used.
 */
export function renderFindingList(
  findings: readonly Finding[],
  budget: number,
  links?: SourceLinks,
  explained: Set<string> = new Set(),
): FindingList {
  const notes = ruleNotesFor(findings);
  const blocks: string[] = [];
  let used = 0;
  let shown = 0;
  for (const check of CHECK_NAMES) {
    const own = findings.filter((f) => f.check === check);
    if (!own.length) continue;
    const heading = `##### ${check} · ${countWords(own)}`;
    if (used + heading.length + 200 > budget) break;
    const rulesUsed: RuleNote[] = [];
    // Each entry is one list; one-finding files share a list, so their lines go on the last entry
    // (joined once at the end: appending to a growing string and testing it again made this quadratic).
    const body: string[][] = [];
    let lastIsSharedList = false;
    let checkUsed = heading.length + 4;
    let complete = true;
    for (const group of byFile(own)) {
      const single = group.file !== undefined && group.findings.length === 1;
      const title = group.file === undefined || single ? '' : fileTitle(group.file, group.findings.length, links);
      const lines: string[] = [];
      for (const f of group.findings) {
        const note = notes.get(f.ruleId);
        const line = findingLine(f, note, links, single);
        const noteText = note && !explained.has(noteKey(note)) && !rulesUsed.includes(note) ? renderNote(note) : '';
        const cost = line.length + 1 + (noteText ? noteText.length + 3 : 0) + (lines.length ? 0 : title.length + 2);
        if (used + checkUsed + cost > budget) break;
        if (noteText) rulesUsed.push(note!);
        lines.push(line);
        checkUsed += cost;
        shown++;
      }
      if (lines.length) {
        // One-finding files share one list; a file with several gets its name over its own list.
        if (single && lastIsSharedList) body.at(-1)!.push(lines[0]!);
        else body.push([title].concat(lines).filter(Boolean));
        lastIsSharedList = !title;
      }
      if (lines.length < group.findings.length) {
        complete = false;
        break;
      }
    }
    if (!body.length) break;
    for (const note of rulesUsed) explained.add(noteKey(note));
    blocks.push([heading, rulesUsed.map(renderNote).join('\n>\n'), ...body.map((lines) => lines.join('\n'))].filter(Boolean).join('\n\n'));
    used += checkUsed;
    if (!complete) break;
  }
  return { text: blocks.join('\n\n'), shown };
}

/** `3 errors, 1 warning`: the counts of a set of findings, worst first, zeros left out. */
export function countWords(findings: readonly Finding[]): string {
  const counts: Record<Severity, number> = { error: 0, warning: 0, notice: 0 };
  for (const f of findings) counts[f.severity]++;
  const words = (['error', 'warning', 'notice'] as const)
    .filter((s) => counts[s] > 0)
    .map((s) => `${counts[s]} ${s}${counts[s] === 1 ? '' : 's'}`);
  return words.join(', ') || 'nothing';
}

interface FileGroup {
  file?: string;
  findings: Finding[];
}

/** Findings without a file first, then files worst first, then by path; lines in order within a file. */
function byFile(findings: readonly Finding[]): FileGroup[] {
  const groups = new Map<string | undefined, Finding[]>();
  for (const f of findings) {
    let list = groups.get(f.file);
    if (!list) groups.set(f.file, (list = []));
    list.push(f);
  }
  const worst = (list: Finding[]) => minOf(list.map((f) => RANK[f.severity]));
  return [...groups]
    .map(([file, list]) => ({ file, findings: list.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || RANK[a.severity] - RANK[b.severity]) }))
    .sort((a, b) =>
      a.file === undefined
        ? -1
        : b.file === undefined
          ? 1
          : worst(a.findings) - worst(b.findings) || (a.file < b.file ? -1 : a.file > b.file ? 1 : 0),
    );
}

function fileTitle(file: string, count: number, links?: SourceLinks): string {
  const name = codeSpan(file, 200);
  const label = links ? `[${name}](${blobUrl(links, file)})` : name;
  return `**${label}** · ${count} findings`;
}

/** `L12` under a file's name, or `path:12` when the finding is its file's only one. */
function placeOf(f: Finding, links: SourceLinks | undefined, withFile: boolean): string {
  if (withFile && f.file) {
    const name = codeSpan(`${f.file}${f.line ? `:${f.line}` : ''}`, 200);
    return links ? `[${name}](${blobUrl(links, f.file, f.line, f.endLine)})` : name;
  }
  if (!f.line) return '';
  return links && f.file ? `[L${f.line}](${blobUrl(links, f.file, f.line, f.endLine)})` : `L${f.line}`;
}

function findingLine(f: Finding, note: RuleNote | undefined, links: SourceLinks | undefined, withFile: boolean): string {
  const where = placeOf(f, links, withFile);
  const fix = f.help && !note?.fix ? ` **Fix:** ${renderMessage(f.help, 300)}` : '';
  return `- ${SEVERITY_ICON[f.severity]} ${where ? `${where} ` : ''}${codeSpan(f.ruleId, 80)}${f.level ? ` ${f.level}` : ''} — ${renderMessage(particularMessage(f, note), MESSAGE_MAX)}${fix}`;
}

/** A rule is explained again in a later section only when its findings there have other levels. */
function noteKey(note: RuleNote): string {
  return `${note.ruleId}\0${note.levels.join(',')}`;
}

function renderNote(note: RuleNote): string {
  const name = note.name ? ` ${renderMessage(note.name, 120)}` : '';
  const level = note.levels.length ? ` (${note.levels.join(', ')})` : '';
  const why = note.why ? ` — ${renderMessage(note.why, 400)}` : '';
  const fix = note.fix ? ` **Fix:** ${renderMessage(note.fix, 400)}` : '';
  return `> **${codeSpan(note.ruleId, 80)}${name}**${level}${why}${fix} [Reference](${note.docsUrl})`;
}
