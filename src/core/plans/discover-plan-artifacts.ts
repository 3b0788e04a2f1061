import { matchesGlob } from '../glob-match.js';
import type { RepoSnapshot } from '../snapshot.js';
import { parseArtifactName } from './parse-artifact-name.js';
import type { PlanArtifact } from './plan-artifact.js';

export interface DiscoveredArtifacts {
  prds: PlanArtifact[];
  testSpecs: PlanArtifact[];
  /** PRD / test-spec files whose slug is empty. */
  unparseable: PlanArtifact[];
}

export interface DiscoverOptions {
  dir: string;
  /** Custom layout: basename globs; default oh-my-codex names. */
  prdPatterns?: readonly string[];
  testSpecPatterns?: readonly string[];
}

/** PRDs and test specs at the top level of the plans dir (sub-folders are not plans). */
export function discoverPlanArtifacts(snapshot: RepoSnapshot, options: DiscoverOptions): DiscoveredArtifacts {
  const prefix = `${options.dir.replace(/\/+$/, '')}/`;
  const found: DiscoveredArtifacts = { prds: [], testSpecs: [], unparseable: [] };
  for (const entry of snapshot.entries()) {
    if (!entry.path.startsWith(prefix) || entry.mode === 'symlink' || entry.mode === 'submodule') continue;
    const basename = entry.path.slice(prefix.length);
    if (basename.includes('/')) continue;
    const artifact = classify(basename, entry.path, options);
    if (!artifact) continue;
    if (!artifact.slug) found.unparseable.push(artifact);
    else (artifact.kind === 'prd' ? found.prds : found.testSpecs).push(artifact);
  }
  return found;
}

function classify(basename: string, path: string, options: DiscoverOptions): PlanArtifact | undefined {
  if (options.prdPatterns || options.testSpecPatterns) {
    const matches = (patterns: readonly string[] | undefined) => patterns?.some((p) => matchesGlob(basename, p, { nocase: true }));
    const kind = matches(options.prdPatterns) ? 'prd' : matches(options.testSpecPatterns) ? 'test-spec' : undefined;
    if (!kind) return undefined;
    const parsed = parseArtifactName(basename);
    const slug = parsed?.kind === kind ? parsed.slug : basename.replace(/\.[^.]+$/, '');
    return { kind, slug, timestamp: parsed?.kind === kind ? parsed.timestamp : undefined, path, basename };
  }
  const parsed = parseArtifactName(basename);
  return parsed ? { ...parsed, path, basename } : undefined;
}
