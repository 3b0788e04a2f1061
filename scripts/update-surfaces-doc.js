#!/usr/bin/env node
// `npm run docs:surfaces`: rewrites docs/surfaces.md from the agent surface list (src/core/discovery/agent-surfaces.ts).
import { writeFileSync } from 'node:fs';
import { renderSurfacesDoc } from '../lib/core/discovery/render-surfaces-doc.js';

writeFileSync(new URL('../docs/surfaces.md', import.meta.url), renderSurfacesDoc());
