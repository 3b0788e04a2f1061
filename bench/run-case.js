// Child process for one benchmark case: runs it once and prints {ms, rssMB, extra} as JSON.
import { setFlagsFromString } from 'node:v8';
import { pathToFileURL } from 'node:url';

// The flags the entry points set (src/runtime.ts): a case measures what a user runs.
setFlagsFromString('--regexp-tier-up-ticks=0');

const [modulePath, caseName, argsJson] = process.argv.slice(2);
const mod = await import(pathToFileURL(modulePath).href);
const found = mod.cases.find((c) => c.name === caseName);
if (!found) {
  console.error(`no case ${caseName} in ${modulePath}`);
  process.exit(2);
}
const args = JSON.parse(argsJson ?? '{}');
const prepared = found.prepare ? await found.prepare(args) : undefined;
const started = performance.now();
const extra = (await found.run(args, prepared)) ?? {};
const ms = extra.ms ?? performance.now() - started;
const rssMB = Math.round((process.resourceUsage().maxRSS / 1024) * 10) / 10;
process.stdout.write(`\n@@BENCH ${JSON.stringify({ ...extra, rssMB, ms: Math.round(ms * 10) / 10 })}\n`);
