import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/paths.js';

/** Names of specification files that live outside the repository, and section signs that cite them. */
const OUTSIDE = /§|\b(?:checks|quality|product|design)\.md\b|\.\.\/shared\b/;
function trackedText(paths: string[]): string[] {
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '--', ...paths], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
    .split('\n')
    .filter(Boolean);
  return files.filter((f) => /\.(?:ts|js|json|md|ya?ml)$/.test(f));
}

describe('what users and contributors read stands alone', () => {
  it('no source line, schema or doc cites a specification outside the repository', () => {
    const citing: string[] = [];
    for (const file of trackedText([
      'src',
      'schema',
      'docs',
      'README.md',
      'CONTRIBUTING.md',
      'SECURITY.md',
      'action.yml',
      'app.yml',
      'examples',
    ])) {
      readFileSync(join(REPO_ROOT, file), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (OUTSIDE.test(line)) citing.push(`${file}:${i + 1}: ${line.trim().slice(0, 120)}`);
        });
    }
    expect(citing).toEqual([]);
  });

  it('the README stays what a newcomer reads first', () => {
    const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
    expect(Buffer.byteLength(readme)).toBeLessThanOrEqual(15 * 1024);
    expect(readme).toContain('npm ci && node bin/plangate.js check examples/omx-complete');
    expect(readme).toContain('npm test');
    expect(readme).toMatch(/!\[[^\]]+\]\(docs\/images\/pr-comment-blocked\.png\)/);
  });
});
