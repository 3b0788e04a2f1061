#!/usr/bin/env node
// The CLI is one CommonJS bundle (scripts/bundle.js; `npm run build`, and `prepare` on `npm ci`
// and `npm pack`), so the package needs no dependencies. It is compiled through vm.Script with the
// V8 code cache written beside it at build time: parsing and compiling it was half of a
// `plangate check` on a small repository (ADR 5). The cache is used only for the bundle it was made
// from (V8 itself compares little more than the length): the cache starts with the bundle's CRC-32
// (zlib's, a fraction of loading node:crypto for a SHA-256). With none, or one from another Node
// version, the bundle compiles as usual.
//
// CommonJS (bin/package.json): Node runs a CommonJS entry without starting its ES module loader.
'use strict';
const { readFileSync, writeFileSync } = require('node:fs');
const { isAscii } = require('node:buffer');
const Module = require('node:module');
const { dirname, join } = require('node:path');
const { Script } = require('node:vm');
const { setFlagsFromString } = require('node:v8');
const { crc32 } = require('node:zlib');

const bundle = join(__dirname, '../lib/cli-bundle/plangate.cjs');
const cacheFile = `${bundle}.cache`;
const bytes = readFileSync(bundle);
// zlib.crc32 is Node 20.15 or later; on an older Node the bundle compiles without the cache.
const digest = typeof crc32 === 'function' ? Buffer.alloc(4) : undefined;
digest?.writeUInt32BE(crc32(bytes));

function matchingCache() {
  if (!digest) return undefined;
  try {
    const cache = readFileSync(cacheFile);
    return cache.subarray(0, digest.length).equals(digest) ? cache.subarray(digest.length) : undefined;
  } catch {
    return undefined;
  }
}

// An ASCII bundle (test/package/cli-code-cache.test.ts keeps it one) decodes as latin1, several times faster than UTF-8.
const source = isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
// V8 rejects a code cache made under other flags than the ones it is loaded under. The bundle sets the
// flag of src/runtime.ts when it starts, so the cache (written at exit) was made with it: set it first.
setFlagsFromString('--regexp-tier-up-ticks=0');
const script = new Script(Module.wrap(source), { filename: bundle, cachedData: matchingCache() });
// scripts/bundle.js runs the CLI once with this set, so the cache holds what a check compiles.
if (process.env.PLANGATE_WRITE_CODE_CACHE === '1' && digest)
  process.once('exit', () => writeFileSync(cacheFile, Buffer.concat([digest, script.createCachedData()])));
// For test/package/cli-code-cache.test.ts and anyone measuring start-up: whether V8 took the cache.
if (process.env.PLANGATE_REPORT_CODE_CACHE === '1')
  process.stderr.write(`plangate: code cache ${script.cachedDataRejected === false ? 'used' : 'not used'}\n`);
const bundleModule = { exports: {} };
script.runInThisContext()(bundleModule.exports, Module.createRequire(bundle), bundleModule, bundle, dirname(bundle));
