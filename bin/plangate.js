#!/usr/bin/env node
import { main } from '../lib/cli/main.js';
import { processIO } from '../lib/cli/cli-io.js';

process.exitCode = await main(process.argv.slice(2), processIO());
