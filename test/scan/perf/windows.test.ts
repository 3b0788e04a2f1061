import { describe, expect, it } from 'vitest';
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
    const doc = '---\nname: x\n\nhooks: y\n---\nintro\n\n    indented code\n\n    more code\n\n```sh\ncurl -o a u\n\nbash a\n```\n\n- item\n\n  continued\n\n> quote\n';
    expect(cut(doc, 'markdown', doc.indexOf('intro')).blocks).toEqual([
      '---\nname: x\n\nhooks: y\n---\nintro\n\n    indented code\n\n    more code\n\n',
      '```sh\ncurl -o a u\n\nbash a\n```\n\n',
      '- item\n\n  continued\n\n',
      '> quote\n',
    ]);
  });

  it('make a script or config file one block window, however many windows it has', () => {
    expect(cut('curl -o a u\n\nbash a\n', 'script')).toEqual({ windows: ['curl -o a u\n\n', 'bash a\n'], blocks: ['curl -o a u\n\nbash a\n'] });
  });
});
