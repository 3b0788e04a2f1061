#!/usr/bin/env node
// `node scripts/bundle.js cli|action`: bundles tsc's output (lib/) with esbuild (ADR 5).
//   cli    → lib/cli-bundle/plangate.cjs and its V8 code cache: what `bin/plangate.js` runs and
//            the npm package ships. One CommonJS file, so that bin/plangate.js can compile it
//            through vm.Script with the cache; modules behind a dynamic import stay unevaluated
//            until a run reaches them.
//   action → dist/index.js (+ chunks/): what action.yml runs; committed, rebuilt by `npm run
//            package`. ESM split into chunks: other modes, Octokit and undici load on demand.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { collectLicenses } from './bundle-licenses.js';
import { englishOnlyZodLocales, sideEffectFree } from './bundle-plugins.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const TARGETS = {
  cli: { entry: 'lib/cli/run-cli.js', outdir: 'lib/cli-bundle', entryName: 'plangate', format: 'cjs' },
  action: { entry: 'lib/action/run.js', outdir: 'dist', entryName: 'index', format: 'esm' },
};

/**
 * What the code cache is trained on: the run where start-up is most of the time, a default check
 * of a small repository. (Trained on all four checks the cache grows by half and every run pays to
 * read it; on a repository big enough to scan, compiling the scanner is lost in the scan itself.)
 */
const TRAINING_RUN = ['check', 'examples/omx-complete'];

export async function bundle(name) {
  const target = TARGETS[name];
  if (!target) throw new Error(`unknown bundle "${name}" (expected ${Object.keys(TARGETS).join(' or ')})`);
  const outdir = join(root, target.outdir);
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const esm = target.format === 'esm';
  const result = await build({
    absWorkingDir: root,
    entryPoints: { [target.entryName]: target.entry },
    outdir,
    outExtension: esm ? {} : { '.js': '.cjs' },
    bundle: true,
    splitting: esm,
    format: target.format,
    platform: 'node',
    target: 'node20',
    // jsonc-parser's `main` is a UMD build whose `require('./impl/…')` cannot be bundled; its ESM build can.
    mainFields: ['module', 'main'],
    chunkNames: 'chunks/[name]-[hash]',
    // Bundled CommonJS packages (yaml, @actions/*'s dependencies) call require() for Node built-ins.
    // CommonJS has no import.meta: the CLI bundle gets its own file URL from __filename.
    banner: {
      js: esm
        ? "import { createRequire as __plangateCreateRequire } from 'node:module';\nconst require = __plangateCreateRequire(import.meta.url);"
        : "var __plangateImportMetaUrl = require('node:url').pathToFileURL(__filename).href;",
    },
    define: { __PLANGATE_VERSION__: JSON.stringify(version), ...(esm ? {} : { 'import.meta.url': '__plangateImportMetaUrl' }) },
    // Whitespace and syntax only: smaller to parse at start-up, while stack traces keep their names.
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: 'none',
    metafile: true,
    // Written below, after the build succeeded: a failed build leaves the last good bundle in place.
    write: false,
    logLevel: 'warning',
    plugins: [sideEffectFree(/^@actions\/http-client(\/|$)/), englishOnlyZodLocales()],
  });
  // A fresh folder: chunk names carry content hashes, and check-dist must see stale ones go.
  rmSync(outdir, { recursive: true, force: true });
  for (const file of result.outputFiles) {
    mkdirSync(dirname(file.path), { recursive: true });
    writeFileSync(file.path, file.contents);
  }
  if (esm) writeFileSync(join(outdir, 'package.json'), '{\n  "type": "module"\n}\n');
  writeFileSync(join(outdir, 'licenses.txt'), collectLicenses(root, Object.keys(result.metafile.inputs)));
  if (name === 'cli') writeCodeCache();
  return result.metafile;
}

/** Runs the CLI once through bin/plangate.js, which writes V8's code cache for what the run compiled. */
function writeCodeCache() {
  const run = spawnSync(process.execPath, [join(root, 'bin/plangate.js'), ...TRAINING_RUN], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, PLANGATE_WRITE_CODE_CACHE: '1', NO_COLOR: '1' },
  });
  if (run.status !== 0 && run.status !== 1) throw new Error(`the code-cache run failed (exit ${run.status}):\n${run.stderr}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const names = process.argv.slice(2);
  if (!names.length) {
    console.error('usage: node scripts/bundle.js cli|action …');
    process.exit(2);
  }
  for (const name of names) await bundle(name);
}
