// The third-party notices a bundle must carry: one entry per bundled package (name, version,
// licence and its licence file), sorted so that the same inputs always give the same file.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const LICENSE_FILE = /^(licen[cs]e|copying)(\.(md|txt))?$/i;

/** `node_modules/@scope/name/…` or `node_modules/a/node_modules/b/…` → the innermost package folder. */
export function packageDirOf(inputPath) {
  const parts = inputPath.split('/');
  const at = parts.lastIndexOf('node_modules');
  if (at < 0) return undefined;
  const width = parts[at + 1]?.startsWith('@') ? 3 : 2;
  return parts.slice(0, at + width).join('/');
}

export function collectLicenses(root, inputPaths) {
  const dirs = [...new Set(inputPaths.map(packageDirOf).filter(Boolean))];
  const entries = dirs.map((dir) => {
    const pkg = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
    const file = existsSync(join(root, dir)) ? readdirSync(join(root, dir)).find((f) => LICENSE_FILE.test(f)) : undefined;
    const text = file
      ? readFileSync(join(root, dir, file), 'utf8').trim()
      : `(no licence file in the package; package.json says ${pkg.license ?? 'nothing'})`;
    return { id: `${pkg.name}@${pkg.version}`, license: pkg.license ?? 'UNKNOWN', text };
  });
  const unique = [...new Map(entries.map((e) => [e.id, e])).values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return unique.map((e) => `${e.id}\n${e.license}\n\n${e.text}\n`).join('\n---\n\n');
}
