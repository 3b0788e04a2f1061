import { processIO } from './cli-io.js';
import { main } from './main.js';

// The CLI process: `bin/plangate.js` runs the bundle of this file (scripts/bundle.js).
process.exitCode = await main(process.argv.slice(2), processIO());
