/**
 * The scanner's former segmenter (an mdast tree from mdast-util-from-markdown), kept as the
 * oracle the event segmenter is checked against (segmenter-oracle.test.ts). It shares only the
 * line and HTML-comment helpers; which constructs are code, prose or HTML comes from the tree.
 */
import type { Nodes, Root } from 'mdast';
import type { Segment } from '../../../src/core/scan/scan-types.js';
import { htmlSegments, lineStartAfter, lineStartBefore } from '../../../src/core/scan/segment/collect-event-segments.js';

/** Languages where a trailing backslash is a path character, not a line continuation. */
const NO_BACKSLASH_CONTINUATION = /^(?:powershell|pwsh|ps1?|posh|bat|batch|cmd|dos)$/i;

/** Node types whose source range is read as prose (inline children are visited for code and HTML). */
const PROSE_NODES = new Set(['paragraph', 'heading', 'definition', 'tableCell']);

function fenceMarkerAt(text: string, offset: number): boolean {
  let i = offset;
  // Up to three spaces: a tab or a fourth space makes indented code that starts with a backtick run.
  while (text.charCodeAt(i) === 32 && i - offset < 3) i++;
  return text.startsWith('```', i) || text.startsWith('~~~', i);
}

/**
 * An mdast tree (positions relative to `base`) → segments with file offsets. Iterative:
 * a repository controls the tree's depth.
 */
export function collectMdastSegments(tree: Root, text: string, base: number, out: Segment[]): void {
  const stack: Nodes[] = [tree];
  while (stack.length) {
    const node = stack.pop()!;
    const pos = node.position;
    const start = pos?.start.offset === undefined ? undefined : base + pos.start.offset;
    const end = pos?.end.offset === undefined ? undefined : base + pos.end.offset;
    if (node.type === 'code' && start !== undefined && end !== undefined) {
      if (fenceMarkerAt(text, start)) {
        const contentStart = Math.min(lineStartAfter(text, start, end), end);
        const lastLine = lineStartBefore(text, end, contentStart);
        const fenceAt = start + (text.slice(start).length - text.slice(start).trimStart().length);
        const run = /^(`+|~+)/.exec(text.slice(fenceAt))?.[1] ?? '```';
        const lineStart = lineStartBefore(text, fenceAt, 0);
        const column = fenceAt - lineStart;
        // Inside as many block quotes as the opening fence (a `> ```` line cannot close a fence outside a quote).
        const quotes = (text.slice(lineStart, fenceAt).match(/>/g) ?? []).length;
        // A closing fence repeats the opening character at least as often, indented less than four columns past the opening one, with nothing after.
        const closer = new RegExp(`^(?:[ ]{0,3}>[ ]?){${quotes}}[ ]{0,${column + 3}}\\${run[0]}{${run.length},}[ \\t]*$`);
        const closed = lastLine > contentStart && closer.test(text.slice(lastLine, end));
        const info = [node.lang, node.meta].filter(Boolean).join(' ');
        out.push({
          kind: 'code',
          start: contentStart,
          end: closed ? lastLine : end,
          info,
          origin: info.startsWith('!') ? 'pre-run' : 'fence',
          ...(NO_BACKSLASH_CONTINUATION.test(node.lang ?? '') ? { noContinuation: true } : {}),
        });
      } else {
        out.push({ kind: 'code', start, end, origin: 'indented' });
      }
      continue;
    }
    if (node.type === 'inlineCode' && start !== undefined && end !== undefined) {
      let open = start;
      while (open < end && text.charCodeAt(open) === 96) open++;
      let close = end;
      while (close > open && text.charCodeAt(close - 1) === 96) close--;
      const preRun = start > 0 && text.charCodeAt(start - 1) === 33;
      out.push(preRun ? { kind: 'code', start: open, end: close, origin: 'pre-run' } : { kind: 'inline-code', start: open, end: close });
      continue;
    }
    if (node.type === 'html' && start !== undefined && end !== undefined) {
      htmlSegments(text, start, end, out);
      continue;
    }
    if (PROSE_NODES.has(node.type) && start !== undefined && end !== undefined) out.push({ kind: 'prose', start, end });
    if ('children' in node) {
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as Nodes);
    }
  }
}
