// Worker for the `scan real …: threads` bench case: reads, decodes and judges its share of the files
// (judgeText, the per-file work of a scan) and reports how long that took and how many hits it found.
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';

const started = performance.now();
const { judgeText } = await import('../../lib/core/scan/evidence/judge-text.js');
const { compileRules } = await import('../../lib/core/scan/engine/compile-rules.js');
const { classifyContent } = await import('../../lib/core/scan/classify-path.js');
const { decodeText } = await import('../../lib/core/text.js');
const rules = compileRules();
let hits = 0;
for (const file of workerData.files) {
  const bytes = readFileSync(file);
  const type = classifyContent(file, bytes);
  if (type === 'other') continue;
  hits += judgeText(file, decodeText(bytes).text, type, rules, {}).hits.length;
}
parentPort.postMessage({ hits, ms: performance.now() - started });
