/** What a file name in a plans directory says about itself (oh-my-codex naming). */
export type ArtifactKind = 'prd' | 'test-spec';

export interface PlanArtifactName {
  kind: ArtifactKind;
  /** `YYYYMMDDTHHMMSSZ` when the slug starts with one; undefined for legacy names. */
  timestamp?: string;
  /** The name's identity for matching; empty means the name is unusable. */
  slug: string;
}

const PREFIXES: [RegExp, ArtifactKind][] = [
  [/^prd-/i, 'prd'],
  [/^test-?spec-/i, 'test-spec'],
];
const TIMESTAMP = /^\d{8}T\d{6}Z$/;

/**
 * `prd-20260427T153100Z-alpha.md` → { prd, 20260427T153100Z, alpha }.
 * A date-only prefix or a trailing timestamp stays part of the slug ("legacy" name).
 * Returns undefined for files that are not PRDs or test specs at all.
 */
export function parseArtifactName(basename: string): PlanArtifactName | undefined {
  if (!/\.md$/i.test(basename)) return undefined;
  for (const [prefix, kind] of PREFIXES) {
    const match = prefix.exec(basename);
    if (!match) continue;
    const rest = basename.slice(match[0].length, -3);
    const dash = rest.indexOf('-');
    const first = dash < 0 ? rest : rest.slice(0, dash);
    if (TIMESTAMP.test(first)) return { kind, timestamp: first, slug: dash < 0 ? '' : rest.slice(dash + 1) };
    return { kind, slug: rest };
  }
  return undefined;
}
