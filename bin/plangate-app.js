#!/usr/bin/env node
// The plangate GitHub App: `plangate-app [web|worker|all]` (see docs/app.md and docs/deploy.md).
import { main } from '../lib/app/server/main.js';

process.exitCode = await main(process.argv.slice(2));
