import type { RepoSnapshot } from '../../snapshot.js';

/** Config files a program keeps beside it, by extension. */
const CONFIG_FILE = /\.(?:json|jsonc|toml|ya?ml|ini|cfg|conf)$/i;
/** Most configs read beside one program, and the largest. */
const MAX_CONFIGS = 4;
const MAX_CONFIG_BYTES = 64 * 1024;

/**
 * The config files beside a program the scan follows (`tools/prune/main.go` with `tools/prune/policy.toml`): what the
 * program does depends on them as much as on its code (a prune policy's roots, a sync tool's destination), so they are
 * read with it. The folder index is built once per scan, on first use.
 */
export function programFolderConfigs(snapshot: RepoSnapshot): (program: string) => string[] {
  let byFolder: Map<string, string[]> | undefined;
  return (program) => {
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
}
