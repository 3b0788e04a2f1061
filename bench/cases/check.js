// The floor ratio and scaling rows: `plangate check` (every check the layout enables) vs the floor.
import { floor } from '../floor.js';

async function checkRepo(repo) {
  const { LocalDirSnapshot } = await import('../../lib/sources/local-dir-snapshot.js');
  const { evaluate } = await import('../../lib/core/evaluate.js');
  const snapshot = await LocalDirSnapshot.open(repo);
  const result = await evaluate({ snapshot, configFile: '.github/plangate.yml' });
  if (!result.ok) throw new Error('config problems');
  return result.report;
}

export const cases = ['S', 'M', 'L'].map((size) => ({
  name: `check ${size}`,
  size,
  async run({ repo }) {
    const f0 = performance.now();
    const fl = await floor(repo);
    const floorMs = performance.now() - f0;
    const t0 = performance.now();
    const report = await checkRepo(repo);
    const ms = performance.now() - t0;
    return {
      ms,
      floorMs,
      files: report.scanned.files || fl.files,
      bytes: report.scanned.bytes || fl.bytes,
      note: `gate ${report.gate}, ${report.findings.length} findings`,
    };
  },
}));
