import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveConfig, type ResolvedConfig } from '../../src/core/config/resolve-config.js';
import type { CatalogConfig } from '../../src/core/config/schema.js';
import { runCatalogCheck } from '../../src/core/catalog/run-catalog-check.js';
import type { Finding } from '../../src/core/finding.js';
import { MemorySnapshot } from '../../src/core/memory-snapshot.js';
import { CORPUS } from '../support/paths.js';

export const FIXTURES = fileURLToPath(new URL('../fixtures/catalog/', import.meta.url));
export const REAL_OMP = join(CORPUS, 'real/oh-my-copilot');

/** Every file of a directory as repo-relative path → text. */
export function readTree(root: string): Record<string, string> {
  const files: Record<string, string> = {};
  const pending = [root];
  while (pending.length) {
    const dir = pending.pop()!;
    for (const d of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, d.name);
      if (d.isDirectory()) pending.push(full);
      else files[relative(root, full).split('\\').join('/')] = readFileSync(full, 'utf8');
    }
  }
  return files;
}

/** The small, valid oh-my-copilot-style repo in test/fixtures/catalog/mini. */
export function miniRepo(): Record<string, string> {
  return readTree(join(FIXTURES, 'mini'));
}

export function catalogConfig(catalog: Partial<CatalogConfig> = {}): ResolvedConfig {
  return resolveConfig({ presets: ['omp'], catalog }, { presets: [], skillRoots: [] }, 'test');
}

export async function runCatalog(files: Record<string, string | Uint8Array>, catalog: Partial<CatalogConfig> = {}): Promise<Finding[]> {
  const output = await runCatalogCheck(new MemorySnapshot(files), catalogConfig(catalog), {});
  return output.findings;
}

export function ruleIds(findings: readonly Finding[]): string[] {
  return findings.map((f) => f.ruleId).sort();
}

export function only(findings: readonly Finding[], ruleId: string): Finding[] {
  return findings.filter((f) => f.ruleId === ruleId);
}

/** Edits a JSON file of the tree in place through a callback on its parsed value. */
// `any`: the tests reach into catalog JSON of a known shape; typing every fixture would only restate it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function editJson(files: Record<string, string>, path: string, edit: (value: any) => void): void {
  const value = JSON.parse(files[path]!);
  edit(value);
  files[path] = `${JSON.stringify(value, null, 2)}\n`;
}

/** 1-based line of the first line containing `needle`. */
export function lineOf(text: string, needle: string, from = 0): number {
  const at = text.indexOf(needle, from);
  if (at < 0) throw new Error(`${needle} not found`);
  return text.slice(0, at).split('\n').length;
}
