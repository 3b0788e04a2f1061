import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/paths.js';

const run = promisify(execFile);

describe('docs/architecture.md', () => {
  it('shows the layer graph dependency-cruiser finds today (npm run docs:architecture), with core depending on nothing', async () => {
    const check = await run(process.execPath, ['scripts/architecture-graph.js', '--check'], { cwd: REPO_ROOT }).then(
      () => '',
      (error: { stderr: string }) => error.stderr,
    );
    expect(check).toBe('');
    const doc = readFileSync(join(REPO_ROOT, 'docs/architecture.md'), 'utf8');
    const edges = [...doc.matchAll(/^ {2}(\w+) -\.?-> (\w+)$/gm)].map((m) => [m[1], m[2]]);
    expect(edges).toContainEqual(['cli', 'core']);
    expect(edges.filter(([from]) => from === 'core' || from === 'render').filter(([, to]) => to !== 'core')).toEqual([]);
  });
});
