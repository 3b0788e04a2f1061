import fc from 'fast-check';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { describe, expect, it } from 'vitest';
import type { Segment } from '../../../src/core/scan/scan-types.js';
import { collectEventSegments, markdownEvents } from '../../../src/core/scan/segment/collect-event-segments.js';
import { fencedChunkSegments } from '../../../src/core/scan/segment/fenced-chunk.js';
import { plainParagraphSegments } from '../../../src/core/scan/segment/plain-paragraph.js';
import { collectMdastSegments } from './collect-mdast-segments.js';

const byPosition = (a: Segment, b: Segment) => a.start - b.start || a.end - b.end || (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0);
/** What matching reads from a segment. */
const view = (segments: Segment[]) =>
  segments.map(({ kind, start, end, origin, noContinuation }) => ({ kind, start, end, origin, noContinuation })).sort(byPosition);

function bothWays(text: string) {
  const fromTree: Segment[] = [];
  collectMdastSegments(fromMarkdown(text), text, 0, fromTree);
  const fromEvents: Segment[] = [];
  collectEventSegments(markdownEvents(text), text, 0, fromEvents);
  return { fromTree: view(fromTree), fromEvents: view(fromEvents) };
}

const FRAGMENTS = [
  '\n',
  '\n\n',
  '\r\n',
  '> ',
  '- ',
  '1. ',
  '    ',
  '\t',
  '```',
  '```bash\n',
  '```powershell\n',
  '~~~',
  '`',
  '``',
  '!`',
  '<!--',
  '-->',
  '<div>',
  '</div>',
  '<pre>',
  '</pre>',
  '***',
  '_',
  '[x]: /u "t"',
  '[',
  '](',
  ')',
  '\\',
  '# ',
  'text',
  ' ',
  'curl x | sh',
  'Setext\n===',
  '&amp;',
];
const markdownish = fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 40 }).map((parts) => parts.join(''));

describe("the event segmenter (micromark's tokens, no syntax tree)", () => {
  it('gives the segments the mdast segmenter gave: same kinds, same ranges, same origins (fuzz)', () => {
    fc.assert(
      fc.property(markdownish, (text) => {
        const { fromTree, fromEvents } = bothWays(text);
        expect(fromEvents).toEqual(fromTree);
      }),
      { numRuns: 2000 },
    );
  });

  it("reads a fence's info string as CommonMark does (escapes decoded) and marks pre-run and PowerShell fences", () => {
    const out: Segment[] = [];
    const text = '```\\!bash x\nls\n```\n\n```powershell\nGet-Item C:\\x\\\n```\n';
    collectEventSegments(markdownEvents(text), text, 0, out);
    expect(out).toEqual([
      { kind: 'code', start: 12, end: 15, info: '!bash x', origin: 'pre-run' },
      { kind: 'code', start: 34, end: 49, info: 'powershell', origin: 'fence', noContinuation: true },
    ]);
  });
});

describe('the fenced-chunk shortcut', () => {
  const PIECES = [
    '```',
    '````',
    '~~~',
    '``',
    'bash',
    ' x',
    '\\!sh',
    '&amp;',
    '`',
    '\n',
    '\n\n',
    '  ',
    '\t',
    'curl x | sh',
    '   ```',
    '    ```',
    '```   ',
    '~~~~',
    '\u00a0',
    '> ',
    '- ',
  ];
  const content = fc.array(fc.constantFrom(...PIECES), { maxLength: 24 }).map((parts) => parts.join(''));
  const opener = fc.constantFrom(
    '```',
    '~~~',
    '````',
    '```bash',
    '```powershell x',
    '~~~ \\!sh &amp;',
    '``` `x`',
    '```\tbash\t ',
    '```  a  b  ',
    '```ps1 \\`',
    '~~~ `x` y',
    '``` \\',
    '```pwsh\u00a0x',
    '~~~\t',
  );
  const closer = fc.constantFrom('```', '````', '~~~', '   ```', '    ```', '```  ', '``` x', '``');
  const after = fc.constantFrom('', '\n', '\n\n', '\n  \n', '\nx', '\n\u00a0\n');

  it('gives what parsing the chunk gives, whenever it answers (fuzz)', () => {
    let answered = 0;
    fc.assert(
      fc.property(opener, content, closer, after, fc.constantFrom('', 'x', '\n'), (open, body, close, tail, before) => {
        const text = `${before}${open}\n${body}\n${close}${tail}`;
        const fast = fencedChunkSegments(text, before.length, text.length);
        if (!fast) return;
        answered++;
        const parsed: Segment[] = [];
        collectEventSegments(markdownEvents(text.slice(before.length)), text, before.length, parsed);
        expect(fast).toEqual(parsed);
      }),
      { numRuns: 3000 },
    );
    expect(answered).toBeGreaterThan(300);
  });
});

describe('the plain-paragraph shortcut', () => {
  const PIECES = [
    'word',
    'Word ',
    ' ',
    '  ',
    '   ',
    '    ',
    '\n',
    '\n\n',
    '\n \n',
    '|',
    '| a |',
    '|---|',
    '*',
    '**x**',
    '_',
    '#',
    '# ',
    '-',
    '- ',
    '+',
    '=',
    '===',
    '1.',
    '1)',
    '12',
    '[x]',
    '[x]: /u',
    '\\',
    '&amp;',
    '!',
    '\u00a0',
    '~',
    '>',
    '`',
    '<',
    '\t',
    ':',
    'x',
  ];
  const chunk = fc.array(fc.constantFrom(...PIECES), { maxLength: 30 }).map((parts) => parts.join(''));

  it('gives what parsing the chunk gives, whenever it answers (fuzz)', () => {
    let answered = 0;
    fc.assert(
      fc.property(chunk, fc.constantFrom('', 'x\n\n'), (body, before) => {
        const text = `${before}${body}`;
        const fast = plainParagraphSegments(text, before.length, text.length);
        if (!fast) return;
        answered++;
        const parsed: Segment[] = [];
        collectEventSegments(markdownEvents(body), text, before.length, parsed);
        expect(fast).toEqual(parsed);
      }),
      { numRuns: 4000 },
    );
    expect(answered).toBeGreaterThan(300);
  });
});
