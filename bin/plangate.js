#!/usr/bin/env node
// The CLI is one CommonJS bundle (scripts/bundle.js; `npm run build`, and `prepare` on `npm ci`
// and `npm pack`), so the package needs no dependencies. It is compiled through vm.Script with the
// V8 code cache written beside it at build time: parsing and compiling it was half of a
// `plangate check` on a small repository (ADR 5). The cache is used only for the exact bundle it
// was made from (V8 itself compares little more than the length); with none, or one from another
// Node version, the bundle compiles as usual.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';

const bundle = fileURLToPath(new URL('../lib/cli-bundle/plangate.cjs', import.meta.url));
const cacheFile = `${bundle}.cache`;
const bytes = readFileSync(bundle);
const digest = createHash('sha256').update(bytes).digest();

function matchingCache() {
  try {
    const cache = readFileSync(cacheFile);
    return cache.subarray(0, digest.length).equals(digest) ? cache.subarray(digest.length) : undefined;
  } catch {
    return undefined;
  }
}

const script = new Script(Module.wrap(bytes.toString('utf8')), { filename: bundle, cachedData: matchingCache() });
// scripts/bundle.js runs the CLI once with this set, so the cache holds what a check compiles.
if (process.env.PLANGATE_WRITE_CODE_CACHE === '1')
  process.once('exit', () => writeFileSync(cacheFile, Buffer.concat([digest, script.createCachedData()])));
const module = { exports: {} };
script.runInThisContext()(module.exports, createRequire(bundle), module, bundle, dirname(bundle));
