import { configSchema, type PlangateConfig, type PlangateConfigInput, type PresetName } from './schema.js';
import { PRESETS, PRESET_PRIORITY } from './presets.js';
import type { DetectedLayout } from './detect.js';
import { zodIssueToProblem, type ConfigProblem } from './problems.js';
import { mergeConfig } from './merge-config.js';
import { parseConfigText, locateConfigPath } from './parse-config-text.js';
import { CHECK_NAMES, type CheckName } from '../finding.js';

export interface ResolvedConfig extends PlangateConfig {
  /** The checks that run, in the canonical order. */
  enabledChecks: CheckName[];
  /** Presets that were applied (named in the file or detected). */
  appliedPresets: PresetName[];
  /** Where the config came from, for messages. */
  origin: string;
}

export type ConfigResult = { ok: true; config: ResolvedConfig } | { ok: false; problems: ConfigProblem[] };

/** Validates raw config data (already parsed from YAML) and reports every problem at once. */
export function validateConfig(raw: unknown, file: string, text = ''): ConfigProblem[] {
  const result = configSchema.safeParse(raw ?? {}, { reportInput: true });
  if (result.success) return [];
  const { doc } = text ? parseConfigText(text, file) : { doc: undefined };
  return result.error.issues.map((issue) => {
    const path = issue.path as (string | number)[];
    const where = issue.code === 'unrecognized_keys' && issue.keys.length === 1 ? [...path, issue.keys[0]!] : path;
    return { ...zodIssueToProblem(issue, file), ...locateConfigPath(doc, text, where) };
  });
}

/** Config text (or none) + detected layout → the config every check reads, or every problem. */
export function loadConfig(text: string | undefined, file: string, detected: DetectedLayout): ConfigResult {
  if (text === undefined) return { ok: true, config: resolveConfig(undefined, detected, 'built-in defaults') };
  const parsed = parseConfigText(text, file);
  if (parsed.problems.length) return { ok: false, problems: parsed.problems };
  const problems = validateConfig(parsed.raw, file, text);
  if (problems.length) return { ok: false, problems };
  return { ok: true, config: resolveConfig(parsed.raw as PlangateConfigInput, detected, file) };
}

/** Presets first, then the user's file on top (objects merge key by key; arrays and scalars replace). */
export function resolveConfig(user: PlangateConfigInput | undefined, detected: DetectedLayout, origin: string): ResolvedConfig {
  const named = user?.presets ?? ['auto'];
  const presetSet = new Set<PresetName>();
  for (const p of named) {
    if (p === 'auto') detected.presets.forEach((d) => presetSet.add(d));
    else presetSet.add(p);
  }
  const applied = PRESET_PRIORITY.filter((p) => presetSet.has(p));
  // The highest-priority preset's plans layout wins: apply presets in reverse priority.
  let merged: Record<string, unknown> = {};
  const checks = new Set<CheckName>();
  for (const p of [...applied].reverse()) {
    merged = mergeConfig(merged, PRESETS[p].config as Record<string, unknown>);
    PRESETS[p].checks.forEach((c) => checks.add(c));
  }
  const autoSkills = named.includes('auto') && detected.skillRoots.length > 0;
  if (autoSkills) {
    checks.add('catalog');
    checks.add('scan');
    merged = mergeConfig(merged, { catalog: { skillRoots: detected.skillRoots } });
  }
  if (user) {
    merged = mergeConfig(merged, user as Record<string, unknown>);
    for (const c of CHECK_NAMES) if (user[c] !== undefined) checks.add(c);
  }
  const config = configSchema.parse(merged);
  const enabled = user?.checks ? CHECK_NAMES.filter((c) => user.checks?.includes(c)) : CHECK_NAMES.filter((c) => checks.has(c));
  return { ...config, enabledChecks: enabled, appliedPresets: applied, origin };
}

