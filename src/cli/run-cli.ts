import { compilePatternsEagerly } from '../runtime.js';
import { processIO } from './cli-io.js';
import { main } from './main.js';

// The CLI process: `bin/plangate.js` runs the bundle of this file (scripts/bundle.js), a
// CommonJS script, hence no top-level await. main() returns the exit code and never throws.
compilePatternsEagerly();
void main(process.argv.slice(2), processIO()).then((code) => {
  process.exitCode = code;
});
