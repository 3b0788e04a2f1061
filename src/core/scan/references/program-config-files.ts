import type { RepoSnapshot } from '../../snapshot.js';
import { locateConfig } from './locate-config.js';

/** The extensions of a config file. */
const CONFIG_EXTENSION = String.raw`\.(?:json|jsonc|toml|ya?ml|ini|cfg|conf)`;
/** Config files a program keeps beside it, by extension. */
const CONFIG_FILE = new RegExp(`${CONFIG_EXTENSION}$`, 'i');
/** A config file's name ending a string: what makes a program's text worth reading for config paths. */
const CONFIG_FILE_MENTION = new RegExp(`${CONFIG_EXTENSION}["'\x60]`, 'i');
/** Most configs read beside one program, and the largest. */
const MAX_CONFIGS = 4;
const MAX_CONFIG_BYTES = 64 * 1024;
/** A config path a program names in a string (`'..\tools\dev-setup.json'`, `"config/sync.yaml"`), Windows separators too. */
const NAMED_CONFIG = new RegExp(
  String.raw`["'\x60]((?:\.{1,2}[\\/]){0,6}[\w.@-]{1,100}(?:[\\/][\w.@-]{1,100}){0,8}${CONFIG_EXTENSION})["'\x60]`,
  'gi',
);

/** The config paths a program names in its strings, as written with `/` separators (`..\tools\x.json` → `../tools/x.json`). */
export function namedConfigs(text: string): string[] {
  if (!CONFIG_FILE_MENTION.test(text)) return [];
  const named = new Set<string>();
  for (const m of text.matchAll(NAMED_CONFIG)) {
    named.add(m[1]!.replace(/\\/g, '/'));
    if (named.size >= MAX_CONFIGS) break;
  }
  return [...named];
}

/**
 * The config files a program the scan reads depends on: those it names by a relative path (`Join-Path $PSScriptRoot
 * '..\tools\dev-setup.json'`, located from its folder up) and, for a program read only because a command runs it,
 * those beside it (`tools/prune/main.go` with `tools/prune/policy.toml`). What the program does depends on them as much
 * as on its code (a prune policy's roots, a sync tool's destination, the commands a setup script applies), so they are
 * read with it. The folder index is built once per scan, on first use.
 */
export function programConfigFiles(snapshot: RepoSnapshot): (program: string, named: readonly string[], beside: boolean) => string[] {
  let byFolder: Map<string, string[]> | undefined;
  const besideOf = (program: string): string[] => {
    if (!byFolder) {
      byFolder = new Map();
      for (const entry of snapshot.entries()) {
        if (entry.mode !== 'file' || entry.size > MAX_CONFIG_BYTES || !CONFIG_FILE.test(entry.path)) continue;
        const folder = entry.path.slice(0, entry.path.lastIndexOf('/') + 1);
        const list = byFolder.get(folder) ?? [];
        if (list.length < MAX_CONFIGS) list.push(entry.path);
        byFolder.set(folder, list);
      }
    }
    // The repository's root holds the project's own settings (package.json, tsconfig.json), not a tool's.
    const folder = program.slice(0, program.lastIndexOf('/') + 1);
    return folder ? (byFolder.get(folder) ?? []) : [];
  };
  return (program, named, beside) => {
    const configs = new Set(beside ? besideOf(program) : []);
    for (const written of named) {
      const located = locateConfig(snapshot, program, written);
      if (located && (snapshot.entry(located)?.size ?? Infinity) <= MAX_CONFIG_BYTES && !/(?:^|\/)package\.json$/.test(located))
        configs.add(located);
    }
    return [...configs];
  };
}
