import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/paths.js';

const run = promisify(execFile);
const temp = mkdtempSync(join(tmpdir(), 'plangate-layers-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** Imports that cross a layer, each with the rule that must name it (docs/architecture.md). */
const PLANTED: { file: string; text: string; rule: string }[] = [
  { file: 'src/core/planted-adapter.ts', text: "export { main } from '../cli/main.js';\n", rule: 'core-imports-no-adapter' },
  { file: 'src/core/planted-fs.ts', text: "export { readFileSync } from 'node:fs';\n", rule: 'core-does-no-io' },
  { file: 'src/core/planted-process.ts', text: "export { env } from 'node:process';\n", rule: 'core-does-no-io' },
  { file: 'src/core/planted-octokit.ts', text: "export { Octokit } from '@octokit/core';\n", rule: 'core-uses-pure-packages-only' },
  { file: 'src/render/planted.ts', text: "export { LocalDirSnapshot } from '../sources/local-dir-snapshot.js';\n", rule: 'render-is-pure' },
  { file: 'src/sources/planted.ts', text: "export { main } from '../cli/main.js';\n", rule: 'services-import-no-adapter' },
  { file: 'src/cli/planted.ts', text: "export * from '../action/runner.js';\n", rule: 'adapters-never-import-each-other' },
  { file: 'src/app/planted.ts', text: "export * from '../ralph/run-ralph-loop.js';\n", rule: 'ralph-runner-hosted-by-cli-and-action' },
  { file: 'src/cli/planted-probot.ts', text: "export { Probot } from 'probot';\n", rule: 'app-packages-only-in-the-app' },
  {
    file: 'src/core/planted-cycle-a.ts',
    text: "import { b } from './planted-cycle-b.js';\nexport const a = () => b;\n",
    rule: 'no-circular',
  },
  {
    file: 'src/core/planted-type-cycle-a.ts',
    text: "import type { B } from './planted-type-cycle-b.js';\nexport interface A {\n  b?: B;\n}\n",
    rule: 'no-circular-types',
  },
];

describe('the layer rules (npm run lint)', () => {
  it('names every planted cross-layer import, and passes the same imports in the allowed direction', async () => {
    for (const entry of ['src', '.dependency-cruiser.cjs', 'tsconfig.json', 'package.json'])
      cpSync(join(REPO_ROOT, entry), join(temp, entry), { recursive: true });
    symlinkSync(join(REPO_ROOT, 'node_modules'), join(temp, 'node_modules'), 'dir');
    for (const p of PLANTED) writeFileSync(join(temp, p.file), p.text);
    writeFileSync(join(temp, 'src/core/planted-cycle-b.ts'), "import { a } from './planted-cycle-a.js';\nexport const b = () => a;\n");
    writeFileSync(
      join(temp, 'src/core/planted-type-cycle-b.ts'),
      "import type { A } from './planted-type-cycle-a.js';\nexport interface B {\n  a?: A;\n}\n",
    );
    // Allowed: an adapter over core, render over core, the CLI hosting the runner.
    writeFileSync(
      join(temp, 'src/cli/planted-allowed.ts'),
      "export { evaluate } from '../core/evaluate.js';\nexport * from '../ralph/run-ralph-loop.js';\n",
    );

    const scripts = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.lint).toContain('npm run lint:layers');
    // The script exactly as lint runs it: it must exit non-zero, naming rule and importer (`error <rule>: <from> → …`).
    const result = await run('npm', ['run', '--silent', 'lint:layers'], { cwd: temp, maxBuffer: 64 * 1024 * 1024 }).then(
      (ok) => ({ failed: false, output: ok.stdout }),
      (error: { stdout: string }) => ({ failed: true, output: error.stdout }),
    );
    expect(result.failed).toBe(true);
    const violations = [...result.output.matchAll(/^\s*error ([\w-]+): (\S+)/gm)].map((m) => ({ rule: m[1]!, from: m[2]! }));
    for (const p of PLANTED) {
      expect(
        violations.some((v) => v.from === p.file && v.rule === p.rule),
        `${p.file} → ${p.rule}`,
      ).toBe(true);
    }
    expect(violations.filter((v) => v.from === 'src/cli/planted-allowed.ts')).toEqual([]);
  });
});
