/**
 * Folders discovery never looks into unless the config says otherwise: installed dependencies,
 * vendored code, build output, virtualenvs and test fixtures. A skill inside them is not one an
 * agent loads from this repository, and a fixture of a malicious skill is there on purpose.
 */
export const DEFAULT_DISCOVERY_IGNORE: readonly string[] = [
  'node_modules',
  'vendor',
  'third_party',
  'third-party',
  'bower_components',
  'dist',
  'build',
  'out',
  'target',
  'coverage',
  '.venv',
  'venv',
  '__pycache__',
  '.cache',
  '.next',
  '.tox',
  'fixtures',
  '__fixtures__',
  'testdata',
];

/** `.git` is never a place for skills, whatever the config says. */
const ALWAYS_IGNORED = ['.git'];

export interface IgnoreMatcher {
  /** The ignored folder that holds this path (`vendor`, `test/fixtures`), or undefined. */
  (path: string): string | undefined;
}

/**
 * An entry without `/` names a folder at any depth (`vendor`); an entry with `/` is a folder
 * path from the repository root (`docs/examples`). No globbing: what a user writes is what is skipped.
 */
export function makeIgnoreMatcher(ignore: readonly string[]): IgnoreMatcher {
  const names = new Set<string>(ALWAYS_IGNORED);
  const prefixes: string[] = [];
  for (const raw of ignore) {
    const entry = raw
      .trim()
      .replace(/\\/g, '/')
      .replace(/^(?:\.\/)+/, '')
      .replace(/\/+$/, '');
    if (!entry) continue;
    if (entry.includes('/')) prefixes.push(entry);
    else names.add(entry);
  }
  return (path) => {
    for (const prefix of prefixes) if (path.startsWith(`${prefix}/`)) return prefix;
    let start = 0;
    for (let slash = path.indexOf('/'); slash >= 0; slash = path.indexOf('/', start)) {
      const segment = path.slice(start, slash);
      if (names.has(segment)) return path.slice(0, slash);
      start = slash + 1;
    }
    return undefined;
  };
}
