import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BLANK_RUN, BLANK_RUN_LF } from '../../../src/core/scan/segment/find-windows.js';
import { FENCE_LINE, fenceLines } from '../../../src/core/scan/segment/split-markdown-chunks.js';
import { textLayout } from '../../../src/core/scan/segment/text-layout.js';

/** The text of each window and of each block window (parse chunk). */
function cut(text: string, type: 'markdown' | 'script' = 'markdown', bodyStart = 0) {
  const { bounds, blockStarts } = textLayout(text, type, bodyStart);
  const windows = Array.from({ length: bounds.length - 1 }, (_, w) => text.slice(bounds[w], bounds[w + 1]));
  const blocks = Array.from({ length: blockStarts.length - 1 }, (_, b) => text.slice(bounds[blockStarts[b]!], bounds[blockStarts[b + 1]!]));
  return { windows, blocks };
}

describe('windows and block windows', () => {
  it('cut after blank lines (spaces and tabs count as blank; CRLF and lone CR are line ends)', () => {
    expect(cut('a\nb\n\nc\n \t\r\n\r\nd\r\re\rf').windows).toEqual(['a\nb\n\n', 'c\n \t\r\n\r\n', 'd\r\r', 'e\rf']);
  });

  it('keep HTML comments and script/pre/style/textarea blocks whole across blank lines, even unclosed', () => {
    expect(cut('x\n\n<!-- a\n\nb -->\n\ny').windows).toEqual(['x\n\n', '<!-- a\n\nb -->\n\n', 'y']);
    expect(cut('> <pre>\n\ncurl x\n\n</pre>\n\nz').windows).toEqual(['> <pre>\n\ncurl x\n\n</pre>\n\n', 'z']);
    expect(cut('<script>\n\nrm -rf ~\n').windows).toEqual(['<script>\n\nrm -rf ~\n']);
  });

  it('start a block window only at an unindented line outside fenced code and the frontmatter', () => {
    const doc =
      '---\nname: x\n\nhooks: y\n---\nintro\n\n    indented code\n\n    more code\n\n```sh\ncurl -o a u\n\nbash a\n```\n\n- item\n\n  continued\n\n> quote\n';
    expect(cut(doc, 'markdown', doc.indexOf('intro')).blocks).toEqual([
      '---\nname: x\n\nhooks: y\n---\nintro\n\n    indented code\n\n    more code\n\n',
      '```sh\ncurl -o a u\n\nbash a\n```\n\n',
      '- item\n\n  continued\n\n',
      '> quote\n',
    ]);
  });

  it('make a script or config file one block window, however many windows it has', () => {
    expect(cut('curl -o a u\n\nbash a\n', 'script')).toEqual({
      windows: ['curl -o a u\n\n', 'bash a\n'],
      blocks: ['curl -o a u\n\nbash a\n'],
    });
  });
});

describe('the line-feed fast paths find what the general regexes find', () => {
  const piece = fc.constantFrom(
    '\n',
    '\n\n',
    ' \n',
    '\t\n',
    'a',
    ' ',
    '   ',
    '    ',
    '```',
    '````',
    '~~~',
    '``',
    '`',
    'bash',
    '~~',
    'x```y',
    '\n   ```js\n',
    '\n```\n',
    '\n    ```\n',
  );
  const text = fc.array(piece, { maxLength: 40 }).map((p) => p.join(''));

  it('blank-line runs (fuzz)', () => {
    const all = (re: RegExp, t: string) => [...t.matchAll(new RegExp(re.source, 'g'))].map((m) => [m.index, m[0].length]);
    fc.assert(
      fc.property(text, (t) => {
        expect(all(BLANK_RUN_LF, t)).toEqual(all(BLANK_RUN, t));
      }),
      { numRuns: 2000 },
    );
  });

  it('fence marker lines (fuzz)', () => {
    const general = (t: string) => {
      const out: [number, string, string, string][] = [];
      const re = new RegExp(FENCE_LINE.source, 'g');
      for (let m = re.exec(t); m; m = re.exec(t))
        out.push([m.index + m[0].length - m[1]!.length - m[2]!.length - m[3]!.length, m[1]!, m[2]!, m[3]!]);
      return out;
    };
    fc.assert(
      fc.property(text, (t) => {
        expect([...fenceLines(t)].map(({ lineStart, match: m }) => [lineStart, m[1], m[2], m[3]])).toEqual(general(t));
      }),
      { numRuns: 2000 },
    );
  });
});
