// Worker for the `scan real …: threads` bench case: reads and analyses its share of the files
// (analyseFile, the per-file work of a scan: classify, normalise, segment, match) and reports how
// long that took and how much evidence it found.
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';

const started = performance.now();
const { analyseFile } = await import('../../lib/core/scan/analyse/analyse-file.js');
const { compileDetectors } = await import('../../lib/core/scan/match/compile-detectors.js');
const options = { detectors: compileDetectors(), secretNames: new Set() };
let hits = 0;
for (const file of workerData.files) hits += analyseFile(file, readFileSync(file), options).evidence.length;
parentPort.postMessage({ hits, ms: performance.now() - started });
