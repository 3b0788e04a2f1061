import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORPUS } from '../support/paths.js';

interface ManifestEntry {
  path: string;
  repo: string;
  commit: string;
  license: string;
  sha256: string;
  bytes: number;
}
const manifest = JSON.parse(readFileSync(join(CORPUS, 'manifest.json'), 'utf8')) as { files: ManifestEntry[] };
const OWN_FILES = new Set(['README.md', 'manifest.json', 'labels.json', 'training/labels.json']);

function listFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) listFiles(full, out);
    else out.push(relative(CORPUS, full).split('\\').join('/'));
  }
  return out;
}

describe('the vendored corpus keeps its bytes and provenance', () => {
  it('every copied file hashes to the sha256 and size its manifest entry records', () => {
    const changed = manifest.files.filter((entry) => {
      const bytes = readFileSync(join(CORPUS, entry.path));
      return bytes.length !== entry.bytes || createHash('sha256').update(bytes).digest('hex') !== entry.sha256;
    });
    expect(changed.map((e) => e.path)).toEqual([]);
  });

  it('no file is in the folder without a manifest entry naming its repository, commit and licence', () => {
    const known = new Set(manifest.files.map((e) => e.path));
    const unlisted = listFiles(CORPUS).filter((p) => !OWN_FILES.has(p) && !known.has(p));
    expect(unlisted).toEqual([]);
    expect(manifest.files.filter((e) => !e.repo || !/^[0-9a-f]{40}$/.test(e.commit) || !e.license)).toEqual([]);
  });

  it("upstream Markdown links into a skill's own `shared` folder (Anthropic's claude-api skill) land on vendored files, not on the project's sibling folder", () => {
    const LINK = /\]\((\.\.\/[^)#\s]+)/g;
    const intoShared = listFiles(CORPUS)
      .filter((p) => p.endsWith('.md'))
      .flatMap((p) =>
        [...readFileSync(join(CORPUS, p), 'utf8').matchAll(LINK)].map((m) => ({ from: p, target: resolve(CORPUS, dirname(p), m[1]!) })),
      )
      .filter(({ target }) => target.split(sep).includes('shared'));
    expect(intoShared.length).toBeGreaterThan(0);
    const astray = intoShared.filter(({ target }) => relative(CORPUS, target).startsWith('..') || !existsSync(target));
    expect(astray).toEqual([]);
  });
});
