/** Where a file's units are: their sections, the unit at an offset, and the files a unit runs as its references. */
import { countAtOrBefore } from '../../count-at-or-before.js';
import { pushAll } from '../../push-all.js';
import type { Lines } from '../lazy-lines.js';
import type { NormalisedView } from '../normalise/normalise-for-rules.js';
import type { Reference, Unit } from '../scan-types.js';
import { fileOffset, logicalLines, type TextView } from '../segment/unit-text.js';
import {
  findNamedScript,
  findRunReferences,
  globRunReferences,
  mayReferenceFiles,
  type FoundReference,
} from '../references/find-references.js';

const HEADING_UNIT = /^[ \t>]{0,8}#{1,6}[ \t]/;

/** Each unit's section: how many headings start at or before it. */
export function sectionsOf(units: readonly Unit[], text: string): number[] {
  const headings = units
    .filter((u) => u.kind === 'prose' && HEADING_UNIT.test(text.slice(u.start, Math.min(u.end, u.start + 16))))
    .map((u) => u.start)
    .sort((a, b) => a - b);
  return units.map((u) => countAtOrBefore(headings, u.start));
}

/** The innermost unit holding an offset (units may nest: a comment or a pre-run command inside a paragraph). */
export function unitAt(units: readonly Pick<Unit, 'id' | 'start' | 'end'>[], offset: number): number {
  let best: Pick<Unit, 'id' | 'start' | 'end'> | undefined;
  for (const u of units) if (u.start <= offset && offset < u.end && (!best || u.end - u.start < best.end - best.start)) best = u;
  return best?.id ?? -1;
}

/** Where the local files one view of a unit runs are, as references of the unit. */
export function pushReferences(
  view: TextView,
  found: readonly FoundReference[],
  unit: number,
  out: Reference[],
  lines: Lines,
  normalised: NormalisedView | undefined,
): void {
  for (const ref of found) {
    const offset = fileOffset(view, ref.index);
    const at = lines.position(normalised ? normalised.toOriginal(offset) : offset);
    out.push({
      unit,
      line: at.line,
      column: at.column,
      path: ref.path,
      how: ref.how,
      launched: false,
      ...(ref.entry ? { entry: ref.entry } : {}),
      ...(ref.projectArgument ? { projectArgument: true as const } : {}),
    });
  }
}

/**
 * The local files each unit runs, as references of the unit (a block a paragraph introduces is that paragraph's): what
 * its code lines run, the files a loop runs one by one, and the scripts its inline code names.
 */
export function pushUnitReferences(
  units: readonly Unit[],
  text: string,
  out: Reference[],
  lines: Lines,
  normalised: NormalisedView | undefined,
): void {
  for (const unit of units) {
    const owner = unit.leadIn ?? unit.id;
    if ((unit.kind === 'code' || unit.asCode) && mayReferenceFiles(text.slice(unit.start, unit.end))) {
      for (const line of logicalLines(text, unit.start, unit.end, !unit.noContinuation))
        pushReferences(line, findRunReferences(line.text), owner, out, lines, normalised);
      const unitText = text.slice(unit.start, unit.end);
      pushReferences({ text: unitText, pieces: [[0, unit.start]] }, globRunReferences(unitText), owner, out, lines, normalised);
    }
    for (const [start, end] of unit.spans ?? []) {
      const span: TextView = { text: text.slice(start, end), pieces: [[0, start]] };
      if (!mayReferenceFiles(span.text)) continue;
      const named = findNamedScript(span.text);
      const found = named
        ? [named]
        : [
            // A span that starts by running a script by its path, given arguments (`./scripts/pg-backup.sh $1`), runs it too.
            ...findRunReferences(span.text).filter(
              (r) => r.how === 'interpreter' || (r.how === 'command' && r.index <= 2 && r.path.startsWith('./')),
            ),
            ...globRunReferences(span.text),
          ];
      pushReferences(span, found, owner, out, lines, normalised);
    }
  }
  pushPointedReferences(units, text, out);
}

/**
 * "Run the command above", "run the script below": an order that points at a code block rather than repeating it. With no
 * direction ("run the script") it is the block just above, when one ends right before the paragraph.
 */
const POINTS_AT_BLOCK =
  /\b(?:run|execute|re-?run|invoke)\s{1,4}(?:the|this|that)\s{1,4}(?:command|commands|script|snippet|block)(?:\s{1,4}(above|below)\b|(?=[\s,.;:!?)]))/i;
/** How far before the paragraph the block "the script" points at may end (a blank line, a short caption). */
const JUST_ABOVE = 400;

/** A paragraph that orders the block above or below it run runs what that block runs: its references are the paragraph's too. */
function pushPointedReferences(units: readonly Unit[], text: string, out: Reference[]): void {
  const pointing: [Unit, 'above' | 'below' | 'just above'][] = [];
  for (const unit of units) {
    if (unit.kind !== 'prose') continue;
    const pointed = POINTS_AT_BLOCK.exec(text.slice(unit.start, Math.min(unit.end, unit.start + 4000)));
    if (pointed) pointing.push([unit, (pointed[1]?.toLowerCase() ?? 'just above') as 'above' | 'below' | 'just above']);
  }
  if (!pointing.length) return;
  const blocks = units.filter((u) => u.kind === 'code');
  const lent: Reference[] = [];
  for (const [unit, where] of pointing) {
    const block = where === 'below' ? blocks.find((b) => b.start >= unit.end) : blocks.filter((b) => b.end <= unit.start).at(-1);
    if (!block || (where === 'just above' && unit.start - block.end > JUST_ABOVE)) continue;
    const owner = block.leadIn ?? block.id;
    for (const ref of out) if (ref.unit === owner) lent.push({ ...ref, unit: unit.id });
  }
  pushAll(out, lent);
}
