import { configSchema, DEFAULT_SCAN_PATHS, type PlangateConfig, type PlangateConfigInput, type PresetName } from './schema.js';
import { PRESETS, PRESET_PRIORITY } from './presets.js';
import type { DetectedLayout } from './detect.js';
import { zodIssueToProblem, type ConfigProblem } from './problems.js';
import { mergeConfig } from './merge-config.js';
import { parseConfigText, locateConfigPath } from './parse-config-text.js';
import { CHECK_NAMES, type CheckName } from '../finding.js';
import { DEFAULT_DISCOVERY_IGNORE } from '../discovery/ignored-dirs.js';
import { scanGlobsForRoots } from './scan-globs-for-roots.js';

export interface ResolvedConfig extends PlangateConfig {
  /** The checks that run, in the canonical order. */
  enabledChecks: CheckName[];
  /** Presets that were applied (named in the file or detected). */
  appliedPresets: PresetName[];
  /** Where the config came from, for messages. */
  origin: string;
  /** What layout detection found and why (every output says it). */
  detected: DetectedLayout;
}

/** Detection, given the folders the config says never to search. */
export type LayoutDetector = DetectedLayout | ((options: { ignore: readonly string[] }) => DetectedLayout);

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
export function loadConfig(text: string | undefined, file: string, detected: LayoutDetector): ConfigResult {
  if (text === undefined) return { ok: true, config: resolveConfig(undefined, detected, 'built-in defaults') };
  const parsed = parseConfigText(text, file);
  if (parsed.problems.length) return { ok: false, problems: parsed.problems };
  const problems = validateConfig(parsed.raw, file, text);
  if (problems.length) return { ok: false, problems };
  if ((parsed.raw as Record<string, unknown>)._extends !== undefined) {
    // The entry point resolves `_extends` (it alone can read other files); one that did not must not run half a config.
    const at = locateConfigPath(parsed.doc, text, ['_extends']);
    return {
      ok: false,
      problems: [
        {
          file,
          path: '_extends',
          expected: 'a config whose `_extends` the entry point resolved',
          got: 'an unresolved `_extends`',
          message: 'this entry point does not follow `_extends`; use the CLI, the Action or the App, or inline the base config',
          ...at,
        },
      ],
    };
  }
  return { ok: true, config: resolveConfig(parsed.raw as PlangateConfigInput, detected, file) };
}

/**
 * Presets first, then the user's file on top (objects merge key by key; arrays and scalars
 * replace). Checks come from presets, detection and `checks:` — never from setting a check's
 * options: a file that only tunes `scan:` does not turn the scan on.
 */
export function resolveConfig(user: PlangateConfigInput | undefined, detector: LayoutDetector, origin: string): ResolvedConfig {
  const detected = typeof detector === 'function' ? detector({ ignore: user?.discovery?.ignore ?? DEFAULT_DISCOVERY_IGNORE }) : detector;
  const named = user?.presets ?? ['auto'];
  const auto = named.includes('auto');
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
  if (auto && detected.skillRoots.length) {
    checks.add('catalog');
    merged = mergeConfig(merged, { catalog: { skillRoots: detected.skillRoots } });
  }
  if (auto && (detected.skillRoots.length || detected.surfaceFiles)) checks.add('scan');
  if (user) merged = mergeConfig(merged, withoutExtends(user));
  if (!user?.scan?.paths) {
    const roots = (merged.catalog as { skillRoots?: string[] } | undefined)?.skillRoots ?? [];
    const extra = [...(auto ? (detected.scanPaths ?? []) : []), ...scanGlobsForRoots(roots, detected.discovery?.skills ?? [])];
    merged = mergeConfig(merged, { scan: { paths: [...new Set([...DEFAULT_SCAN_PATHS, ...extra])] } });
  }
  const config = configSchema.parse(merged);
  const enabled = user?.checks ? CHECK_NAMES.filter((c) => user.checks?.includes(c)) : CHECK_NAMES.filter((c) => checks.has(c));
  return { ...config, enabledChecks: enabled, appliedPresets: applied, origin, detected };
}

function withoutExtends(user: PlangateConfigInput): Record<string, unknown> {
  const { _extends: _ignored, ...rest } = user as Record<string, unknown>;
  return rest;
}
