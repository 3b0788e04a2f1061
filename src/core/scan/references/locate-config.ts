import type { RepoSnapshot } from '../../snapshot.js';
import { decodeText } from '../../text.js';
import { dirOf, normalise } from './resolve-reference.js';

/** The largest config file read for its values. */
const MAX_CONFIG_BYTES = 256 * 1024;

/**
 * The repository file a config path written in a script or program names: from the script's folder (`../config/x.json`
 * climbs from it), else — a path read from wherever the script is started — from each folder above it up to the root.
 */
export function locateConfig(snapshot: RepoSnapshot, from: string, written: string): string | undefined {
  const fits = (candidate: string | undefined) => {
    const entry = candidate === undefined ? undefined : snapshot.entry(candidate);
    return entry && entry.size <= MAX_CONFIG_BYTES && (entry.mode === 'file' || entry.mode === 'executable') ? candidate : undefined;
  };
  const own = fits(normalise(`${dirOf(from)}/${written}`));
  if (own) return own;
  const rel = written.replace(/^(?:\.{1,2}\/)+/, '');
  for (let dir = dirOf(from); ; dir = dirOf(dir)) {
    const found = fits(dir ? `${dir}/${rel}` : rel);
    if (found || !dir) return found;
  }
}

/** The text of the config file a written path names, if the repository has it. */
export async function readConfig(
  snapshot: RepoSnapshot,
  from: string,
  written: string,
): Promise<{ path: string; text: string } | undefined> {
  const path = locateConfig(snapshot, from, written);
  const bytes = path ? await snapshot.readBytes(path) : undefined;
  return path && bytes ? { path, text: decodeText(bytes).text } : undefined;
}
