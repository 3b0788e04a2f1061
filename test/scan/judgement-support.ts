import { expect } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Finding } from '../../src/core/finding.js';
import { SKILL_DIR, scanFiles as scanOutput } from './scan-helpers.js';

/** Shared by the judgement tests of scanner v3.9–v3.12: a skill's findings, and which of them are HIGH. */
export const scanFiles = async (files: Record<string, string>) => (await scanOutput(files)).findings;

export const SKILL = `${SKILL_DIR}/SKILL.md`;
export const md = (body: string) => `---\nname: build-helper\ndescription: Keeps the build healthy.\n---\n\n${body}\n`;
export const highs = (findings: Finding[]) =>
  findings.filter((f) => /^S0/.test(f.ruleId) && f.level === 'HIGH').map((f) => `${f.ruleId}:${f.line}`);

/** Every file of a kept blind sample (a tiny repository), by its path inside the sample. */
export function sampleFiles(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else out[relative(root, path).split('\\').join('/')] = readFileSync(path, 'utf8');
    }
  };
  walk(root);
  return out;
}

/** A sample's files with one file's text changed: the change must find what it replaces, or the test says nothing. */
export function edited(files: Record<string, string>, path: string, from: string | RegExp, to: string): Record<string, string> {
  const text = files[path]!;
  expect(text).toMatch(from);
  return { ...files, [path]: text.replace(from, to) };
}

/** A sample quiet as written (no HIGH), and failing (a HIGH) once one text of one of its files is changed. */
export async function quietUntilEdited(files: Record<string, string>, path: string, from: string | RegExp, to: string): Promise<void> {
  expect(highs(await scanFiles(files))).toEqual([]);
  expect(highs(await scanFiles(edited(files, path, from, to)))).not.toEqual([]);
}

/** Evasive twin pairs: the malicious sample has a HIGH, its benign twin none. */
export async function twinJudged(malicious: Record<string, string>, benign: Record<string, string>): Promise<void> {
  expect(highs(await scanFiles(malicious))).not.toEqual([]);
  expect(highs(await scanFiles(benign))).toEqual([]);
}

/** HIGH findings of a whole-tree scan (`paths: ['**']`): what the default scope leaves out (a root Taskfile, `skills/`, a case folder). */
export const wholeTreeHighs = async (files: Record<string, string>) =>
  highs((await scanOutput(files, { config: { scan: { paths: ['**'] } } })).findings);
