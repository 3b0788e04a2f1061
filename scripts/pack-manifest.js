#!/usr/bin/env node
// `npm pack` / `npm publish` ship the CLI with the manifest a user installs, not the one this
// repository develops with: `prepack` builds (the bundle a pack ships must be the current one),
// then writes package.json without `scripts`, `devDependencies` and `allowScripts`; `postpack`
// puts the original back. npm 11 warns on every install of a package whose manifest has a
// `prepare` script ("install scripts not yet covered by allowScripts"), although npm never runs
// it for a registry or tarball install.
// `npm publish` packs, then reads package.json again for the manifest it sends the registry (and
// for its remaining scripts): a restore at `postpack` would send the development manifest beside a
// tarball holding the user's (manifest confusion). Under publish the stripped manifest keeps one
// script, `postpublish`, which restores; a publish that fails leaves the stripped manifest and
// package.json.development, which the next pack, or `node scripts/pack-manifest.js restore`, puts back.
//   node scripts/pack-manifest.js strip | restore
// PLANGATE_PACK_PREBUILT=1 skips the build (the package test packs a copy of what is built).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const manifest = join(root, 'package.json');
const kept = join(root, 'package.json.development');
const DEVELOPMENT_ONLY = ['scripts', 'devDependencies', 'allowScripts'];

const [command] = process.argv.slice(2);
const publishing = process.env.npm_command === 'publish';
if (command === 'strip') {
  if (process.env.PLANGATE_PACK_PREBUILT !== '1') {
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  // A kept copy means the last pack never finished: the manifest on disk is the stripped one.
  if (existsSync(kept)) renameSync(kept, manifest);
  const text = readFileSync(manifest, 'utf8');
  const published = JSON.parse(text);
  const restoreAfterPublish = published.scripts?.postpublish;
  for (const key of DEVELOPMENT_ONLY) delete published[key];
  if (publishing && restoreAfterPublish) {
    published.scripts = { postpublish: restoreAfterPublish };
    console.error('pack-manifest: publishing the stripped manifest; if the publish fails, run `node scripts/pack-manifest.js restore`');
  }
  writeFileSync(kept, text);
  writeFileSync(manifest, `${JSON.stringify(published, null, 2)}\n`);
} else if (command === 'restore') {
  const waitForPublish = publishing && process.env.npm_lifecycle_event === 'postpack';
  if (!waitForPublish && existsSync(kept)) renameSync(kept, manifest);
} else {
  console.error('usage: node scripts/pack-manifest.js strip|restore');
  process.exit(2);
}
