import { parseArtifactName } from '../plans/parse-artifact-name.js';

/**
 * Where the ralph runner looks for a PRD's `prd.json` stories file, in order — the first that
 * exists is read: `<plans>/<prd basename>.json`, `<plans>/prd-<slug>.json`, then `.omc/prd.json`.
 * The App's gate looks in the same places, so an approval binds the file the run will read.
 */
export function storiesFileCandidates(prdPath: string): string[] {
  const clean = prdPath.replace(/^\.\//, '');
  const slash = clean.lastIndexOf('/');
  const dir = slash < 0 ? '' : clean.slice(0, slash);
  const basename = clean.slice(slash + 1);
  const inDir = (name: string) => (dir ? `${dir}/${name}` : name);
  return [...new Set([inDir(basename.replace(/\.md$/i, '.json')), inDir(`prd-${prdSlug(basename)}.json`), '.omc/prd.json'])];
}

/** The PRD's slug as its name gives it (`prd-20260501T120000Z-export.md` → `export`), else its name without extension. */
export function prdSlug(basename: string): string {
  const parsed = parseArtifactName(basename);
  return parsed?.kind === 'prd' && parsed.slug ? parsed.slug : basename.replace(/\.[^.]+$/, '');
}
