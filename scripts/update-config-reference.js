#!/usr/bin/env node
// `npm run docs:config`: rewrites the generated config reference in docs/config.md from the schema.
import { readFileSync, writeFileSync } from 'node:fs';
import { CONFIG_REFERENCE_END, CONFIG_REFERENCE_START, renderConfigReference } from '../lib/core/config/config-reference.js';

const path = new URL('../docs/config.md', import.meta.url);
const readme = readFileSync(path, 'utf8');
const start = readme.indexOf(CONFIG_REFERENCE_START);
const end = readme.indexOf(CONFIG_REFERENCE_END);
if (start < 0 || end < 0) {
  console.error('docs/config.md has no config-reference markers');
  process.exit(1);
}
writeFileSync(path, readme.slice(0, start) + renderConfigReference() + readme.slice(end + CONFIG_REFERENCE_END.length));
