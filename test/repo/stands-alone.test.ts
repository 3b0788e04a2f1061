import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/paths.js';

// A user's clone has nothing beside it: no source, test, bench or script may reach outside the repository.
// (The pattern is assembled so that this file does not match itself.)
const OUTSIDE = new RegExp(['\\.\\./', 'shared\\b'].join(''));

describe('the repository stands alone', () => {
  it('no tracked source, test, bench or script file points at the sibling shared folder', () => {
    // Fixtures are vendored bytes (their provenance may name anything); the list of them alone outgrows a default buffer.
    const paths = ['src', 'test', 'bench', 'scripts', 'bin', '.ci', '.github', ':(exclude)test/fixtures'];
    const tracked = execFileSync('git', ['ls-files', '-z', '--', ...paths], { cwd: REPO_ROOT, maxBuffer: 64 * 1024 * 1024 })
      .toString('utf8')
      .split('\0')
      .filter((p) => p && !p.startsWith('test/fixtures/') && p !== '.ci/run'); // .ci/run names it to refuse it
    const offenders = tracked.filter((p) => OUTSIDE.test(readFileSync(join(REPO_ROOT, p), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
