import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseYamlBlock } from '../../src/core/frontmatter/parse-frontmatter.js';
import { readFlatMapping } from '../../src/core/frontmatter/read-flat-mapping.js';
import { REPO_ROOT } from '../support/paths.js';

function markdownFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) markdownFiles(path, out);
    else if (/\.(?:md|mdc|mdx)$/i.test(name)) out.push(path);
  }
  return out;
}

/** The block between the opening and closing `---` of a file, as parseFrontmatter cuts it. */
function blockOf(text: string): string | undefined {
  const m = /^(?:\uFEFF)?---[ \t]*\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/.exec(text);
  return m?.[1]?.replace(/\r\n?/g, '\n');
}

describe('the flat frontmatter reader gives what the YAML parser gives', () => {
  it('on every frontmatter block of the fixtures it reads (real skills, commands, blind samples)', () => {
    let read = 0;
    for (const file of markdownFiles(join(REPO_ROOT, 'test/fixtures'))) {
      const block = blockOf(readFileSync(file, 'utf8'));
      if (block === undefined) continue;
      const flat = readFlatMapping(block, 1);
      if (!flat) continue;
      read++;
      const yaml = parseYamlBlock(block, 1);
      expect({ data: flat.data, keyLines: [...flat.keyLines], diagnostics: flat.diagnostics }, file).toEqual({
        data: yaml.data,
        keyLines: [...yaml.keyLines],
        diagnostics: yaml.diagnostics,
      });
    }
    expect(read).toBeGreaterThan(200);
  });

  it.each([
    ['a quoted value', 'name: x\ndescription: "quoted"'],
    ['a number', 'name: x\nversion: 1.2'],
    ['a boolean', 'name: x\ndisable-model-invocation: true'],
    ['an indented list', 'name: x\nallowed-tools:\n  - Read'],
    ['a flow list', 'name: x\ntools: [Read, Write]'],
    ['a comment after a value', 'name: x # the name'],
    ['a repeated key', 'name: x\nname: y'],
    ['a block scalar', 'name: x\ndescription: >\n  folded'],
    ['a continuation line', 'name: x\ndescription: one\n  two'],
    ['an alias', 'name: &a x\nalias: *a'],
    ['a key-value inside the value', 'description: Use when: the user asks'],
  ])('leaves %s to the YAML parser', (_what, block) => {
    expect(readFlatMapping(block, 1)).toBeUndefined();
  });

  it('reads plain text values with brackets, apostrophes and colons inside words, at their file lines', () => {
    const flat = readFlatMapping("name: pdf-tools\n\ndescription: Use [x] when the user's PDF has 2:1 pages, e.g. scans", 4);
    expect(flat?.data).toEqual({ name: 'pdf-tools', description: "Use [x] when the user's PDF has 2:1 pages, e.g. scans" });
    expect([...(flat?.keyLines ?? [])]).toEqual([
      ['name', 5],
      ['description', 7],
    ]);
    expect(parseYamlBlock("name: pdf-tools\n\ndescription: Use [x] when the user's PDF has 2:1 pages, e.g. scans", 4).data).toEqual(
      flat?.data,
    );
  });
});
