import { describe, expect, it } from 'vitest';
import { measureDetection, SCAN_PATHS, type DetectionSet } from '../../bench/detection-sets.js';
import { scanRepository } from '../../src/core/scan/run-scan-check.js';
import { LocalDirSnapshot } from '../../src/sources/local-dir-snapshot.js';
import { CORPUS } from '../support/paths.js';
import { scanConfig } from './scan-helpers.js';

// The numbers `npm run bench:detection` prints, guarded so they cannot regress.
const sets = await measureDetection(
  CORPUS,
  async (dir) =>
    (await scanRepository(await LocalDirSnapshot.open(dir), scanConfig({ scan: { paths: SCAN_PATHS, allowEmpty: true } }), {})).findings,
);
const set = (name: string): DetectionSet => sets.find((s) => s.name === name)!;

describe('detection on the labelled public sets', () => {
  it('gives every cisco malicious sample whose signal survives in the copied files a HIGH (7/7)', () => {
    const { signalHigh } = set('cisco').summary;
    expect(signalHigh).toEqual({ n: 7, of: 7 });
  });

  it('flags at least 8 of the 17 cisco malicious samples and fails (HIGH) at least 7 (the others lost their payload when copied)', () => {
    const { maliciousFlagged, maliciousHigh } = set('cisco').summary;
    expect(maliciousFlagged.of).toBe(17);
    expect(maliciousFlagged.n).toBeGreaterThanOrEqual(8);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(7);
  });

  it.each(['cisco', 'anthropics', 'wshobson-agents', 'ComposioHQ-awesome-claude-skills', 'oh-my-copilot'])(
    'gives no benign or safe sample of %s a HIGH',
    (name) => {
      const s = set(name);
      expect(s.rows.filter((r) => r.label !== 'malicious').flatMap((r) => r.highFindings)).toEqual([]);
      expect(s.rows.filter((r) => r.label !== 'malicious').length).toBeGreaterThan(0);
    },
  );

  it('reads all three benign sets in full (14 + 181 + 32 skills)', () => {
    expect(['anthropics', 'wshobson-agents', 'ComposioHQ-awesome-claude-skills'].map((n) => set(n).rows.length)).toEqual([14, 181, 32]);
  });
});
