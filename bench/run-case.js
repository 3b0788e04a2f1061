// Child process for one benchmark case: runs it once and prints {ms, rssMB, extra} as JSON.
import { pathToFileURL } from 'node:url';

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
