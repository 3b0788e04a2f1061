import { stringify } from 'yaml';
import { mergeConfig } from '../merge-config.js';
import { parseConfigText, locateConfigPath } from '../parse-config-text.js';
import type { ConfigProblem } from '../problems.js';
import { validateConfig } from '../resolve-config.js';
import { parseExtendsRef, type ExtendsRef } from './parse-extends-ref.js';

/** Bounded like the merge: a chain this long is a mistake, and a loop must end. */
export const MAX_EXTENDS_DEPTH = 8;

export type LayerRead = { text: string; label: string } | { missing: true; label: string } | { error: string; label: string };

/** The adapter's part: reading a layer (a repository file, or another repository through the API). */
export type ReadConfigLayer = (ref: ExtendsRef) => Promise<LayerRead>;

export type ExtendsResult = { ok: true; text: string; file: string; layers: string[] } | { ok: false; problems: ConfigProblem[] };

/**
 * Follows `_extends` from a config file to its bases and merges them the way presets merge (objects
 * key by key, arrays and scalars replaced; the extending file wins). Pure: reading is the adapter's.
 * Each layer is validated on its own, so a problem keeps its file and line. The result is the
 * merged config as YAML, for `evaluate`; a config without `_extends` comes back unchanged.
 */
export async function resolveExtends(text: string, file: string, read: ReadConfigLayer): Promise<ExtendsResult> {
  const layers: { raw: Record<string, unknown>; label: string }[] = [];
  const seen = new Set<string>();
  let current = { text, label: file };
  let first: string | undefined;
  for (let depth = 0; ; depth++) {
    const parsed = parseConfigText(current.text, current.label);
    if (parsed.problems.length) return { ok: false, problems: parsed.problems };
    const { _extends: value, ...own } = (parsed.raw ?? {}) as Record<string, unknown>;
    const problems = validateConfig(own, current.label, current.text);
    if (problems.length) return { ok: false, problems };
    layers.push({ raw: own, label: current.label });
    seen.add(current.label);
    if (value === undefined) break;
    const at = locateConfigPath(parsed.doc, current.text, ['_extends']);
    const fail = (expected: string, message: string): ExtendsResult => ({
      ok: false,
      problems: [{ file: current.label, path: '_extends', expected, got: JSON.stringify(value), message, ...at }],
    });
    if (typeof value !== 'string') return fail('a string', '`_extends` names one config to build on');
    first ??= value;
    if (depth + 1 >= MAX_EXTENDS_DEPTH)
      return fail(`at most ${MAX_EXTENDS_DEPTH} configs in an _extends chain`, 'the `_extends` chain is too long');
    const ref = parseExtendsRef(value);
    if ('error' in ref) return fail('a file in this repository (path.yml), owner/repo, owner/repo:path.yml or .github', ref.error);
    const next = await read(ref);
    if ('error' in next) return fail('a readable config', `\`_extends: ${value}\` could not be read: ${next.error}`);
    if ('missing' in next) return fail('an existing config', `\`_extends: ${value}\` names ${next.label}, which does not exist`);
    if (seen.has(next.label)) return fail('a chain without loops', `\`_extends: ${value}\` leads back to ${next.label}`);
    current = next;
  }
  if (layers.length === 1) return { ok: true, text, file, layers: [file] };
  const merged = layers.reduceRight<Record<string, unknown>>((base, layer) => mergeConfig(base, layer.raw), {});
  return { ok: true, text: stringify(merged), file: `${file} (with _extends: ${first})`, layers: layers.map((l) => l.label) };
}
