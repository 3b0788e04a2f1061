import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { parseFlatBlock } from '../../../src/core/frontmatter/parse-flat-block.js';
import { parseFrontmatter } from '../../../src/core/frontmatter/parse-frontmatter.js';
import { CORPUS } from '../../support/paths.js';

/** What the YAML library makes of a block, with the options parse-frontmatter.ts uses. */
function yamlData(block: string): unknown {
  const doc = parseDocument(block, { customTags: [], resolveKnownTags: false, uniqueKeys: true, prettyErrors: false, logLevel: 'error' });
  return doc.errors.length ? 'error' : (doc.toJS() ?? {});
}

const KEYS = ['name', 'description', 'allowed-tools', 'version', 'true', 'null', 'hooks', 'x_1', 'license', 'name'];
const VALUES = [
  'demo',
  'Use when: writing',
  'a #b',
  'a#b',
  '1.0',
  '12',
  '0x1F',
  'true',
  'yes',
  '~',
  '',
  '"quoted"',
  "'single'",
  '"with \\" escape"',
  "'it''s'",
  '[a, b]',
  '- item',
  '&anchor x',
  '*alias',
  'foo:',
  'foo: bar',
  'Bash(git:*)',
  'Read, Grep, Glob',
  '.5',
  '2024-01-01',
  '"a" # c',
  '  padded  ',
  '|',
  '>-',
  '!tag x',
  '%x',
  '@x',
  'naïve ünïcode',
  'tab\there',
];
const LINE = fc.oneof(
  fc.tuple(fc.constantFrom(...KEYS), fc.constantFrom(': ', ':', ' : '), fc.constantFrom(...VALUES)).map(([k, sep, v]) => `${k}${sep}${v}`),
  fc.constantFrom('', '# comment', '  continued', '  - nested', 'bare words'),
);

describe('the flat frontmatter reader', () => {
  it('gives exactly what YAML gives whenever it reads a block, and gives up otherwise (fuzz)', () => {
    fc.assert(
      fc.property(fc.array(LINE, { maxLength: 8 }), (lines) => {
        const block = lines.join('\n');
        const flat = parseFlatBlock(block);
        if (flat) expect(flat.data).toEqual(yamlData(block));
      }),
      { numRuns: 3000 },
    );
  });

  it('reads the common shapes itself (so the YAML library is not run on every skill)', () => {
    expect(parseFlatBlock('name: demo\ndescription: Use when writing tests, docs.\nallowed-tools: Read, Grep\n')?.data).toEqual({
      name: 'demo',
      description: 'Use when writing tests, docs.',
      'allowed-tools': 'Read, Grep',
    });
    expect(parseFlatBlock('name: \'x\'\n# note\ndescription: "y"')?.keyLines).toEqual(
      new Map([
        ['name', 1],
        ['description', 3],
      ]),
    );
    for (const unsure of [
      'version: 1.0',
      'a: b: c',
      'tags: [a]',
      'd: >\n  folded',
      'd: x # c',
      'name: a\nname: b',
      'hooks:\n  PreToolUse: []',
    ])
      expect(parseFlatBlock(unsure)).toBeUndefined();
  });

  it('agrees with YAML on every frontmatter of the vendored corpus', () => {
    const files: string[] = [];
    const pending = [CORPUS];
    while (pending.length) {
      const dir = pending.pop()!;
      for (const name of readdirSync(dir)) {
        const full = join(dir, name);
        if (statSync(full).isDirectory()) pending.push(full);
        else if (name.endsWith('.md')) files.push(full);
      }
    }
    let read = 0;
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const parsed = parseFrontmatter(text);
      if (!parsed.present || parsed.endLine === undefined) continue;
      const block = text
        .split(/\r\n|\r|\n/)
        .slice(parsed.startLine!, parsed.endLine - 1)
        .join('\n');
      if (parseFlatBlock(block)) read++;
      const expected = yamlData(block);
      expect(parsed.data ?? 'error', file).toEqual(expected);
    }
    expect(read).toBeGreaterThan(200);
  });
});
