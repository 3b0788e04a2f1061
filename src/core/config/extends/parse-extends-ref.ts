/**
 * Where an `_extends` value points. One language for every entry point, a superset of Probot's:
 * `repo`, `owner/repo`, `owner/repo:path.yml` and `.github` (the organisation's `.github`
 * repository) through the GitHub API, on that repository's default branch; and a file in this
 * repository, written as a path ending in `.yml`/`.yaml` with no `:` (`config/plangate-base.yml`).
 */
export type ExtendsRef = { kind: 'repo-file'; path: string } | { kind: 'github'; owner?: string; repo: string; path?: string };

/** Probot's own pattern (octokit-plugin-config), so the App and the CLI read a value the same way. */
const GITHUB_REF = /^(?:([a-z\d](?:[a-z\d]|-(?=[a-z\d])){0,38})\/)?([-_.\w\d]+)(?::([-_./\w\d]+\.ya?ml))?$/i;

export function parseExtendsRef(value: string): ExtendsRef | { error: string } {
  const trimmed = value.trim();
  if (/\.ya?ml$/i.test(trimmed) && !trimmed.includes(':')) {
    const path = trimmed.replace(/^(?:\.\/)+/, '');
    if (path.startsWith('/') || path.split('/').some((s) => s === '..' || s === ''))
      return { error: `\`${value}\` must be a path inside the repository (no leading /, no ..)` };
    return { kind: 'repo-file', path };
  }
  const match = GITHUB_REF.exec(trimmed);
  if (!match) return { error: `\`${value}\` is neither a file in this repository (path/to/base.yml) nor owner/repo[:path.yml]` };
  return { kind: 'github', repo: match[2]!, ...(match[1] ? { owner: match[1] } : {}), ...(match[3] ? { path: match[3] } : {}) };
}

/** How a reference reads in messages: `config/base.yml`, `acme/.github:.github/plangate.yml`. */
export function describeExtendsRef(ref: ExtendsRef, owner: string | undefined, defaultPath: string): string {
  if (ref.kind === 'repo-file') return ref.path;
  return `${ref.owner ?? owner ?? '<owner>'}/${ref.repo}:${ref.path ?? defaultPath}`;
}
