import { execFile } from 'node:child_process';
import { isAscii } from 'node:buffer';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { crc32 } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/paths.js';

const run = promisify(execFile);
const BUNDLE_DIR = join(REPO_ROOT, 'lib/cli-bundle');
const temp = mkdtempSync(join(tmpdir(), 'plangate-code-cache-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('the CLI bundle and its V8 code cache', () => {
  it('pairs the cache with the exact bundle, and a rebuilt bundle of the same length never runs the old cached code', async () => {
    if (!existsSync(join(BUNDLE_DIR, 'plangate.cjs'))) throw new Error('lib/cli-bundle is missing: run `npm run build`');
    const { version } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
    const bundle = readFileSync(join(BUNDLE_DIR, 'plangate.cjs'));
    const cache = readFileSync(join(BUNDLE_DIR, 'plangate.cjs.cache'));
    // The build wrote a cache for this bundle: it starts with the bundle's CRC-32.
    expect(cache.readUInt32BE(0)).toBe(crc32(bundle));
    // ASCII, so bin/plangate.js decodes it as latin1 (the fast path; a UTF-8 bundle still runs).
    expect(isAscii(bundle)).toBe(true);

    // The package's layout in a temp folder: bin/plangate.js beside lib/cli-bundle/.
    mkdirSync(join(temp, 'bin'));
    for (const file of ['plangate.js', 'package.json']) cpSync(join(REPO_ROOT, 'bin', file), join(temp, 'bin', file));
    cpSync(BUNDLE_DIR, join(temp, 'lib/cli-bundle'), { recursive: true });
    writeFileSync(join(temp, 'package.json'), '{ "type": "module" }\n');
    const cli = (...args: string[]) => run(process.execPath, [join(temp, 'bin/plangate.js'), ...args]).then((r) => r.stdout.trim());
    expect(await cli('--version')).toBe(version);
    // V8 takes the cache only under the flags it was made with: the loader sets the bundle's own before compiling.
    const reported = await run(process.execPath, [join(temp, 'bin/plangate.js'), 'check', join(REPO_ROOT, 'examples/omx-complete')], {
      env: { ...process.env, PLANGATE_REPORT_CODE_CACHE: '1', NO_COLOR: '1' },
    }).catch((e: { stderr: string }) => e);
    expect(reported.stderr).toContain('plangate: code cache used');

    // Same length, other bytes: V8 checks little more than the length and would run the cached
    // (old) code; the loader must notice the bundle is not the one the cache was made from.
    const other = version.replace(/\d/g, (d) => String((Number(d) + 1) % 10));
    const patched = bundle.toString('utf8').replaceAll(JSON.stringify(version), JSON.stringify(other));
    expect(patched.length).toBe(bundle.toString('utf8').length);
    expect(patched).not.toBe(bundle.toString('utf8'));
    writeFileSync(join(temp, 'lib/cli-bundle/plangate.cjs'), patched);
    expect(await cli('--version')).toBe(other);
  });
});
