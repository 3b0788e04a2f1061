import type { ScanBlock, ScanUnit, Segment, SegmentKind } from '../scan-types.js';

/** Kinds read line by line (commands, config); the others are read as flowing text. */
const LINE_KINDS: ReadonlySet<SegmentKind> = new Set(['code', 'frontmatter', 'value']);

/**
 * The text as prose reads it: line breaks become spaces and blockquote markers at line
 * starts are blanked, so a sentence wrapped over lines (or quoted) reads as one. Same
 * length as the input, so offsets carry over.
 */
export function proseView(text: string): string {
  return text.replace(/(?:\r\n|\r|\n|^)[ \t]*(?:>[ \t]?)*/g, (m) => ' '.repeat(m.length));
}

/** The text as shells read it: a trailing backslash joins the next line. */
export function joinedView(text: string): string {
  return text.replace(/\\\r?\n|\\\r/g, '');
}

export interface Units {
  units: ScanUnit[];
  blocks: ScanBlock[];
}

/** Whether `[start, end)` can hold a match (the prefilter's hot windows); units elsewhere are not built. */
export type UnitFilter = (start: number, end: number) => boolean;

/**
 * Segments → the units rule patterns run on (logical lines of code, flattened prose) and the
 * blocks. Every block is kept whole (evidence is combined per block); units are built only
 * where `wanted` says a match can be.
 */
export function buildUnits(text: string, segments: readonly Segment[], prose: () => string, wanted?: UnitFilter): Units {
  const units: ScanUnit[] = [];
  const blocks: ScanBlock[] = [];
  segments.forEach((segment, block) => {
    blocks.push({ id: block, kind: segment.kind, start: segment.start, end: segment.end });
    if (segment.end <= segment.start) return;
    if (LINE_KINDS.has(segment.kind)) {
      pushLines(units, text, segment, block, segment.kind === 'code' && !segment.noContinuation, wanted);
    } else if (!wanted || wanted(segment.start, segment.end)) {
      units.push({
        kind: segment.kind,
        text: prose().slice(segment.start, segment.end),
        pieces: [[0, segment.start]],
        block,
        origin: segment.origin,
      });
    }
  });
  return { units, blocks };
}

function pushLines(
  units: ScanUnit[],
  text: string,
  segment: Segment,
  block: number,
  joinContinuations: boolean,
  wanted: UnitFilter | undefined,
): void {
  let pos = segment.start;
  let parts: string[] = [];
  let pieces: [number, number][] = [];
  let length = 0;
  const flush = () => {
    if (length > 0 && (!wanted || wanted(pieces[0]![1], pieces[0]![1] + 1)))
      units.push({ kind: segment.kind, text: parts.join(''), pieces, block, origin: segment.origin });
    parts = [];
    pieces = [];
    length = 0;
  };
  while (pos < segment.end) {
    let eol = pos;
    while (eol < segment.end && text.charCodeAt(eol) !== 10 && text.charCodeAt(eol) !== 13) eol++;
    const continued = joinContinuations && eol < segment.end && eol > pos && text.charCodeAt(eol - 1) === 92;
    const lineEnd = continued ? eol - 1 : eol;
    if (lineEnd > pos || !continued) {
      pieces.push([length, pos]);
      parts.push(text.slice(pos, lineEnd));
      length += lineEnd - pos;
    }
    let next = eol;
    if (text.charCodeAt(next) === 13) next++;
    if (text.charCodeAt(next) === 10) next++;
    if (!continued) flush();
    pos = next > eol ? next : eol + 1;
  }
  flush();
}

/** File offset of a position in a unit's text. */
export function unitOffset(unit: ScanUnit, index: number): number {
  const { pieces } = unit;
  let lo = 0;
  let hi = pieces.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (pieces[mid]![0] <= index) lo = mid;
    else hi = mid - 1;
  }
  const [at, offset] = pieces[lo]!;
  return offset + (index - at);
}
