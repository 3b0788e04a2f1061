#!/usr/bin/env node
// `node scripts/bundle.js cli|action`: bundles tsc's output (lib/) with esbuild (ADR 0005).
//   cli    → lib/cli-bundle/plangate.js (+ chunks/): what `bin/plangate.js` runs and the npm package ships
//   action → dist/index.js (+ chunks/): what action.yml runs; committed, rebuilt by `npm run package`
// Code that only some runs need (other commands, the ralph loop, Octokit and undici) sits behind
// dynamic imports, so esbuild splits it into chunks that a run loads only when it gets there.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { collectLicenses } from './bundle-licenses.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const TARGETS = {
  cli: { entry: 'lib/cli/run-cli.js', outdir: 'lib/cli-bundle', entryName: 'plangate' },
  action: { entry: 'lib/action/run.js', outdir: 'dist', entryName: 'index' },
};

export async function bundle(name) {
  const target = TARGETS[name];
  if (!target) throw new Error(`unknown bundle "${name}" (expected ${Object.keys(TARGETS).join(' or ')})`);
  const outdir = join(root, target.outdir);
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const result = await build({
    absWorkingDir: root,
    entryPoints: { [target.entryName]: target.entry },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // jsonc-parser's `main` is a UMD build whose `require('./impl/…')` cannot be bundled; its ESM build can.
    mainFields: ['module', 'main'],
    chunkNames: 'chunks/[name]-[hash]',
    // Bundled CommonJS packages (yaml, @actions/*'s dependencies) call require() for Node built-ins.
    banner: { js: "import { createRequire as __plangateCreateRequire } from 'node:module';\nconst require = __plangateCreateRequire(import.meta.url);" },
    define: { __PLANGATE_VERSION__: JSON.stringify(version) },
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
  writeFileSync(join(outdir, 'package.json'), '{\n  "type": "module"\n}\n');
  writeFileSync(join(outdir, 'licenses.txt'), collectLicenses(root, Object.keys(result.metafile.inputs)));
  return result.metafile;
}

/**
 * @actions/core imports @actions/http-client (and with it undici, 540 KB) for its OIDC client at
 * module level, although a run that makes no API call never uses it. The package declares no
 * `sideEffects`, so esbuild keeps it; saying it has none lets an unused import drop it. The
 * Octokit path still loads it, behind its dynamic import, when a request is made.
 */
function sideEffectFree(filter) {
  return {
    name: 'side-effect-free',
    setup(build) {
      build.onResolve({ filter }, async (args) => {
        if (args.pluginData?.sideEffectFree) return undefined;
        const resolved = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: { sideEffectFree: true } });
        return resolved.errors.length ? { errors: resolved.errors } : { path: resolved.path, sideEffects: false };
      });
    },
  };
}

/**
 * \`import { z } from 'zod'\` is a namespace, so all 40 of zod's message locales (290 KB, a quarter
 * of a check run's code) come along although plangate never calls \`z.locales\`; zod registers
 * English itself from locales/en.js. The bundles get a locales index with English only.
 */
function englishOnlyZodLocales() {
  return {
    name: 'english-only-zod-locales',
    setup(build) {
      build.onLoad({ filter: /[\\/]node_modules[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, () => ({
        contents: 'export { default as en } from "./en.js";\n',
        loader: 'js',
      }));
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const names = process.argv.slice(2);
  if (!names.length) {
    console.error('usage: node scripts/bundle.js cli|action …');
    process.exit(2);
  }
  for (const name of names) await bundle(name);
}
