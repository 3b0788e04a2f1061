#!/usr/bin/env node
// The CLI is one bundle (scripts/bundle.js, built by `npm run build` and by `prepare` on `npm ci`
// and `npm pack`), so the published package needs no runtime dependencies and starts fast.
import '../lib/cli-bundle/plangate.js';
