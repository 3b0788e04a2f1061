import { readFile } from 'node:fs/promises';
import { formatConfigProblem } from '../core/config/problems.js';
import { loadConfig, type ResolvedConfig } from '../core/config/resolve-config.js';
import { detectLayouts } from '../core/evaluate.js';
import { LocalDirSnapshot } from '../sources/local-dir-snapshot.js';

export type RalphConfigResult = { ok: true; config: ResolvedConfig; snapshot: LocalDirSnapshot } | { ok: false; problems: string[] };

/** Config text read somewhere else than the workdir (the Action: the default branch's, through the API). */
export interface RalphConfigText {
  /** Undefined: there is no config file there. */
  text: string | undefined;
}

/**
 * The config a ralph run reads: the workdir's own `.github/plangate.yml` (or the given
 * file), or `given` text. In the Action this is the default branch's — the checkout, or for a run
 * pinned to another branch's commit, the file at the commit the workflow runs on — so neither a
 * pull request nor a plan branch can change how its own ralph run is bounded and verified.
 */
export async function loadRalphConfig(
  workdir: string,
  configPath: string | undefined,
  configFile = '.github/plangate.yml',
  given?: RalphConfigText,
): Promise<RalphConfigResult> {
  const snapshot = await LocalDirSnapshot.open(workdir);
  let text: string | undefined;
  if (given) text = given.text;
  else if (configPath) {
    try {
      text = await readFile(configPath, 'utf8');
    } catch {
      return { ok: false, problems: [`config file not found: ${configPath}`] };
    }
  } else {
    const bytes = await snapshot.readBytes(configFile);
    text = bytes ? Buffer.from(bytes).toString('utf8') : undefined;
  }
  const loaded = loadConfig(text, configPath ?? configFile, detectLayouts(snapshot));
  if (!loaded.ok) return { ok: false, problems: loaded.problems.map(formatConfigProblem) };
  return { ok: true, config: loaded.config, snapshot };
}
