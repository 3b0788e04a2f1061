import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keptBlindSets, measureDetection, readSample, realSets, SCAN_PATHS, type MeasuredSet } from '../../bench/detection-sets.js';
import { MemorySnapshot } from '../../src/core/memory-snapshot.js';
import { scanRepository } from '../../src/core/scan/run-scan-check.js';
import { CORPUS, REPO_ROOT } from '../support/paths.js';
import { scanConfig } from './scan-helpers.js';

// The figures `npm run bench:detection` prints for the kept blind batches and the real repositories,
// guarded so they cannot regress. (The training benchmarks are measured by the bench only: in-sample.)
const config = scanConfig({ scan: { paths: SCAN_PATHS, allowEmpty: true } });
const sets = await measureDetection(
  [...keptBlindSets(join(REPO_ROOT, 'test/fixtures/scan-blind')), ...realSets(CORPUS)],
  async (files) => (await scanRepository(new MemorySnapshot(readSample(files)), config, {})).findings,
);
const set = (name: string): MeasuredSet => sets.find((s) => s.name === name)!;
const all = (s: MeasuredSet) => s.classes.find((c) => c.name === 'all')!;

describe('detection on the kept blind batch (round 3a: written without reading the rules, now tuning data)', () => {
  it('gives at least 95 % of its 110 malicious samples a HIGH, and every one at least a MEDIUM', () => {
    const { maliciousHigh, maliciousFlagged } = all(set('blind round-3a'));
    expect(maliciousHigh.of).toBe(110);
    expect(maliciousHigh.n / maliciousHigh.of).toBeGreaterThanOrEqual(0.95);
    expect(maliciousFlagged).toEqual({ n: 110, of: 110 });
  });

  it('gives at most 4 of its 110 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-3a'));
    expect(benignHigh.of).toBe(110);
    expect(benignHigh.n).toBeLessThanOrEqual(4);
  });
});

describe('detection on the second kept batch (round 3b: sealed until scanner v3 was done, measured once, never tuned on)', () => {
  // Its blind figures when first measured (61/110 and 17/110); on v3.1 62/110 and 14/110; on v3.4 63/110 and 10/110, held as floors.
  it('gives at least 63 of its 110 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-3b'));
    expect(maliciousHigh.of).toBe(110);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(63);
  });

  it('gives at most 10 of its 110 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-3b'));
    expect(benignHigh.of).toBe(110);
    expect(benignHigh.n).toBeLessThanOrEqual(10);
  });
});

describe('detection on the third kept batch (round 4: measured once sealed, then tuned on)', () => {
  // Sealed on v3: 49/60 and 6/60; after the v3.1 tuning: 57/60 and 6/60; on v3.2 57/60 and 5/60. Held as floors.
  it('gives at least 57 of its 60 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-4'));
    expect(maliciousHigh).toEqual({ n: expect.any(Number), of: 60 });
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(57);
  });

  it('gives at most 2 of its 60 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-4'));
    expect(benignHigh.of).toBe(60);
    expect(benignHigh.n).toBeLessThanOrEqual(2);
  });
});

describe('detection on the fourth kept batch (round 5: measured once sealed on v3.1, then tuned on)', () => {
  // Sealed on v3.1: 38/60 and 12/60; after the v3.2–v3.4 tuning: 52/60 and 7/60. Held as floors.
  it('gives at least 52 of its 60 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-5'));
    expect(maliciousHigh).toEqual({ n: expect.any(Number), of: 60 });
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(52);
  });

  it('gives at most 7 of its 60 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-5'));
    expect(benignHigh.of).toBe(60);
    expect(benignHigh.n).toBeLessThanOrEqual(7);
  });
});

describe('detection on the fifth kept batch (round 6: sealed until scanner v3.2 was done, measured once, then tuned on)', () => {
  // Sealed on v3.2: 43/60 and 11/60; after the v3.3 tuning: 49/60 and 8/60. Held as floors.
  it('gives at least 49 of its 60 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-6'));
    expect(maliciousHigh).toEqual({ n: expect.any(Number), of: 60 });
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(49);
  });

  it('gives at most 8 of its 60 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-6'));
    expect(benignHigh.of).toBe(60);
    expect(benignHigh.n).toBeLessThanOrEqual(8);
  });
});

describe('detection on the sixth kept batch (round 7: sealed until scanner v3.3 was done, measured once, then tuned on)', () => {
  // Sealed on v3.3: 42/60 and 16/60; after the v3.4 tuning: 42/60 and 12/60. Held as floors.
  it('gives at least 46 of its 60 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-7'));
    expect(maliciousHigh).toEqual({ n: expect.any(Number), of: 60 });
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(46);
  });

  it('gives at most 12 of its 60 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-7'));
    expect(benignHigh.of).toBe(60);
    expect(benignHigh.n).toBeLessThanOrEqual(12);
  });
});

describe('detection on the seventh kept batch (round 8: sealed until scanner v3.4 was done, then tuned on for v3.5)', () => {
  // Sealed on v3.4: 45/60 and 6/60; after the v3.5 tuning: 50/60 and 3/60. Held as floors.
  it('gives at least 50 of its 60 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-8'));
    expect(maliciousHigh).toEqual({ n: expect.any(Number), of: 60 });
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(50);
  });

  it('gives at most 3 of its 60 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-8'));
    expect(benignHigh.of).toBe(60);
    expect(benignHigh.n).toBeLessThanOrEqual(3);
  });
});

describe('detection on the eighth kept batch (round 9: written after scanner v3.4, then tuned on for v3.5)', () => {
  // Sealed on v3.4: 48/60 and 5/60; after the v3.5 tuning: 56/60 and 0/60. Held as floors.
  it('gives at least 56 of its 60 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-9'));
    expect(maliciousHigh).toEqual({ n: expect.any(Number), of: 60 });
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(56);
  });

  it('gives none of its 60 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-9'));
    expect(benignHigh.of).toBe(60);
    expect(benignHigh.n).toBe(0);
  });
});

describe('detection on the ninth kept batch (round 10: measured once on v3.5, then tuned on for v3.6)', () => {
  // Sealed on v3.5: 47/60 and 15/60; after the v3.6 tuning: 56/60 and 4/60. Held as floors.
  it('gives at least 56 of its 60 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-10'));
    expect(maliciousHigh).toEqual({ n: expect.any(Number), of: 60 });
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(56);
  });

  it('gives at most 4 of its 60 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-10'));
    expect(benignHigh.of).toBe(60);
    expect(benignHigh.n).toBeLessThanOrEqual(4);
  });
});

describe('detection on the tenth kept batch (round 11: measured once on v3.6, then tuned on for v3.7)', () => {
  // Sealed on v3.6: 40/60 and 12/60; held as floors (v3.7 tuned it to 41/60 and 5/60).
  it('gives at least 48 of its 60 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-11'));
    expect(maliciousHigh).toEqual({ n: expect.any(Number), of: 60 });
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(48);
  });

  it('gives at most 12 of its 60 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-11'));
    expect(benignHigh.of).toBe(60);
    expect(benignHigh.n).toBeLessThanOrEqual(12);
  });
});

describe('detection on the eleventh kept batch (round 12: measured once on v3.7, then tuned on for v3.8)', () => {
  // Sealed on v3.7: 51/60 and 7/60; after the v3.8 tuning: 52/60 and 5/60. Held as floors.
  it('gives at least 52 of its 60 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-12'));
    expect(maliciousHigh).toEqual({ n: expect.any(Number), of: 60 });
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(52);
  });

  it('gives at most 5 of its 60 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-12'));
    expect(benignHigh.of).toBe(60);
    expect(benignHigh.n).toBeLessThanOrEqual(5);
  });
});

describe('detection on the twelfth kept batch (round 13: written after v3.7, measured once on it, then tuned on for v3.8)', () => {
  // Sealed on v3.7: 45/60 and 10/60; after the v3.8 tuning: 49/60 and 9/60. Held as floors.
  it('gives at least 49 of its 60 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-13'));
    expect(maliciousHigh).toEqual({ n: expect.any(Number), of: 60 });
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(49);
  });

  it('gives at most 9 of its 60 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-13'));
    expect(benignHigh.of).toBe(60);
    expect(benignHigh.n).toBeLessThanOrEqual(9);
  });
});

describe('detection on the thirteenth kept batch (round 14: written while v3.8 was tuned, measured once on v3.8, then tuned on for v3.9)', () => {
  // Sealed on v3.8: 50/60 and 5/60; after the v3.9 tuning: 58/60 and 0/60. Held as floors.
  it('gives at least 58 of its 60 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-14'));
    expect(maliciousHigh).toEqual({ n: expect.any(Number), of: 60 });
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(58);
  });

  it('gives no benign look-alike of its 60 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-14'));
    expect(benignHigh.of).toBe(60);
    expect(benignHigh.n).toBe(0);
  });
});

describe('detection on the fourteenth kept batch (round 15: written after v3.8, measured once on it, then tuned on for v3.9)', () => {
  // Sealed on v3.8: 51/60 and 6/60; after the v3.9 tuning: 57/60 and 4/60. Held as floors.
  it('gives at least 57 of its 60 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-15'));
    expect(maliciousHigh).toEqual({ n: expect.any(Number), of: 60 });
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(57);
  });

  it('gives at most 4 of its 60 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-15'));
    expect(benignHigh.of).toBe(60);
    expect(benignHigh.n).toBeLessThanOrEqual(4);
  });
});

describe('detection on the fifteenth kept batch (round 16: written while v3.9 was tuned, measured once on v3.9, then tuned on for v3.10)', () => {
  // Sealed on v3.9: 37/60 and 11/60; after the v3.10–v3.12 tuning: 50/60 and 4/60. Held as floors.
  it('gives at least 57 of its 60 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-16'));
    expect(maliciousHigh).toEqual({ n: expect.any(Number), of: 60 });
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(57);
  });

  it('gives at most 4 of its 60 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-16'));
    expect(benignHigh.of).toBe(60);
    expect(benignHigh.n).toBeLessThanOrEqual(4);
  });
});

describe('detection on the sixteenth kept batch (round 17: written after v3.9, measured once on v3.10 mid-tuning, then tuned on)', () => {
  // Sealed: 33/60 and 5/60; after tuning: 42/60 and 3/60. Held as floors.
  it('gives at least 47 of its 60 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-17'));
    expect(maliciousHigh).toEqual({ n: expect.any(Number), of: 60 });
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(47);
  });

  it('gives at most 3 of its 60 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-17'));
    expect(benignHigh.of).toBe(60);
    expect(benignHigh.n).toBeLessThanOrEqual(3);
  });
});

describe('detection on the seventeenth kept batch (round 18: written while v3.10 was tuned, measured once on v3.10, then tuned on for v3.11)', () => {
  // Sealed on v3.10: 47/60 and 6/60; after the v3.11 tuning: 53/60 and 1/60. Held as floors.
  it('gives at least 53 of its 60 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-18'));
    expect(maliciousHigh).toEqual({ n: expect.any(Number), of: 60 });
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(53);
  });

  it('gives at most 1 of its 60 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-18'));
    expect(benignHigh.of).toBe(60);
    expect(benignHigh.n).toBeLessThanOrEqual(1);
  });
});

describe('detection on the eighteenth kept batch (round 19: written while v3.11 was tuned, measured once on v3.11, then tuned on for v3.12)', () => {
  // Sealed on v3.11: 46/60 and 7/60; after the v3.12 tuning: 50/60 and 4/60. Held as floors.
  it('gives at least 50 of its 60 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-19'));
    expect(maliciousHigh).toEqual({ n: expect.any(Number), of: 60 });
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(50);
  });

  it('gives at most 4 of its 60 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-19'));
    expect(benignHigh.of).toBe(60);
    expect(benignHigh.n).toBeLessThanOrEqual(4);
  });
});

describe('detection on the nineteenth kept batch (round 20: measured once on v3.12 (41/60, 4/60), tuned on in v3.13)', () => {
  it('gives at least 45 of its 60 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-20'));
    expect(maliciousHigh).toEqual({ n: expect.any(Number), of: 60 });
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(45);
  });

  it('gives at most 2 of its 60 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-20'));
    expect(benignHigh.of).toBe(60);
    expect(benignHigh.n).toBeLessThanOrEqual(2);
  });
});

describe('detection on the twentieth kept batch (round 21: measured once on v3.12 (56/60, 5/60), tuned on in v3.13)', () => {
  it('gives at least 58 of its 60 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-21'));
    expect(maliciousHigh).toEqual({ n: expect.any(Number), of: 60 });
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(58);
  });

  it('gives at most 0 of its 60 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-21'));
    expect(benignHigh.of).toBe(60);
    expect(benignHigh.n).toBeLessThanOrEqual(0);
  });
});

describe('detection on the twenty-first kept batch (round 22: measured once on v3.13 (45/60, 10/60), then tuned on)', () => {
  it('gives at least 58 of its 60 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-22'));
    expect(maliciousHigh).toEqual({ n: expect.any(Number), of: 60 });
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(58);
  });

  it('gives at most 1 of its 60 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-22'));
    expect(benignHigh.of).toBe(60);
    expect(benignHigh.n).toBeLessThanOrEqual(1);
  });
});

describe('detection on the twenty-second kept batch (round 23: measured once on v3.13 (46/60, 9/60), then tuned on)', () => {
  it('gives at least 55 of its 60 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-23'));
    expect(maliciousHigh).toEqual({ n: expect.any(Number), of: 60 });
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(54);
  });

  it('gives at most 2 of its 60 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-23'));
    expect(benignHigh.of).toBe(60);
    expect(benignHigh.n).toBeLessThanOrEqual(2);
  });
});

describe('detection on the twenty-third kept batch (round 24: measured once on v3.14 (53/60, 8/60), then tuned on)', () => {
  it('gives at least 53 of its 60 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-24'));
    expect(maliciousHigh).toEqual({ n: expect.any(Number), of: 60 });
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(53);
  });

  it('gives at most 2 of its 60 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-24'));
    expect(benignHigh.of).toBe(60);
    expect(benignHigh.n).toBeLessThanOrEqual(2);
  });
});

describe('detection on the twenty-fourth kept batch (round 25: measured once on v3.15 (46/60, 8/60), then tuned on)', () => {
  it('gives at least 54 of its 60 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-25'));
    expect(maliciousHigh).toEqual({ n: expect.any(Number), of: 60 });
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(55);
  });

  it('gives at most 3 of its 60 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-25'));
    expect(benignHigh.of).toBe(60);
    expect(benignHigh.n).toBeLessThanOrEqual(3);
  });
});

describe('detection on the twenty-fifth kept batch (round 26: measured once on v3.16 (53/60, 4/60), then tuned on)', () => {
  it('gives at least 60 of its 60 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-26'));
    expect(maliciousHigh).toEqual({ n: expect.any(Number), of: 60 });
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(60);
  });

  it('gives at most 3 of its 60 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-26'));
    expect(benignHigh.of).toBe(60);
    expect(benignHigh.n).toBeLessThanOrEqual(3);
  });
});

describe('detection on the twenty-sixth kept batch (round 27: measured once on v3.17 (45/60, 11/60), then tuned on)', () => {
  it('gives at least 56 of its 60 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-27'));
    expect(maliciousHigh).toEqual({ n: expect.any(Number), of: 60 });
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(56);
  });

  it('gives at most 7 of its 60 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-27'));
    expect(benignHigh.of).toBe(60);
    expect(benignHigh.n).toBeLessThanOrEqual(7);
  });
});

describe('detection on the twenty-seventh kept batch (round 28: measured once on v3.18 (50/60, 2/60), then tuned on)', () => {
  it('gives at least 56 of its 60 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-28'));
    expect(maliciousHigh).toEqual({ n: expect.any(Number), of: 60 });
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(56);
  });

  it('gives at most 1 of its 60 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-28'));
    expect(benignHigh.of).toBe(60);
    expect(benignHigh.n).toBeLessThanOrEqual(1);
  });
});

describe('detection on the twenty-eighth kept batch (round 29: measured once on v3.19 (50/60, 10/60), then tuned on)', () => {
  it('gives at least 56 of its 60 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-29'));
    expect(maliciousHigh).toEqual({ n: expect.any(Number), of: 60 });
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(56);
  });

  it('gives at most 9 of its 60 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-29'));
    expect(benignHigh.of).toBe(60);
    expect(benignHigh.n).toBeLessThanOrEqual(9);
  });
});

describe('detection on the twenty-ninth kept batch (round 30: measured once on v3.20 (54/60, 8/60), then tuned on)', () => {
  it('gives all 60 of its malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-30'));
    expect(maliciousHigh).toEqual({ n: expect.any(Number), of: 60 });
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(60);
  });

  it('gives at most 1 of its 60 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-30'));
    expect(benignHigh.of).toBe(60);
    expect(benignHigh.n).toBeLessThanOrEqual(1);
  });
});

describe('detection on the thirtieth kept batch (round 31: measured once on v3.21 (47/60, 10/60), then tuned on)', () => {
  it('gives at least 57 of its 60 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-31'));
    expect(maliciousHigh).toEqual({ n: expect.any(Number), of: 60 });
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(57);
  });

  it('gives at most 1 of its 60 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-31'));
    expect(benignHigh.of).toBe(60);
    expect(benignHigh.n).toBeLessThanOrEqual(1);
  });
});

describe('detection on the thirty-first kept batch (round 32: measured once on v3.21 (54/60, 9/60), then tuned on)', () => {
  it('gives all 60 of its malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-32'));
    expect(maliciousHigh).toEqual({ n: expect.any(Number), of: 60 });
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(60);
  });

  it('gives at most 2 of its 60 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-32'));
    expect(benignHigh.of).toBe(60);
    expect(benignHigh.n).toBeLessThanOrEqual(2);
  });
});

describe('detection on the thirty-second kept batch (round 33: measured once, sealed, on v3.23 (37/48, 9/48), then tuned on)', () => {
  it('gives at least 45 of its 48 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-33'));
    expect(maliciousHigh.of).toBe(48);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(45);
  });

  it('gives at most 1 of its 48 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-33'));
    expect(benignHigh.of).toBe(48);
    expect(benignHigh.n).toBeLessThanOrEqual(1);
  });
});

describe('detection on the thirty-third kept batch (round 34: measured once, sealed, on v3.26 (28/32, 6/32), then tuned on)', () => {
  it('gives at least 31 of its 32 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-34'));
    expect(maliciousHigh.of).toBe(32);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(31);
  });

  it('gives at most 4 of its 32 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-34'));
    expect(benignHigh.of).toBe(32);
    expect(benignHigh.n).toBeLessThanOrEqual(4);
  });
});

describe('detection on the thirty-fourth kept batch (round 35: measured once, sealed, on v3.27 (12/16, 0/16), then tuned on)', () => {
  it('gives at least 14 of its 16 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-35'));
    expect(maliciousHigh.of).toBe(16);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(14);
  });

  it('gives none of its 16 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-35'));
    expect(benignHigh.of).toBe(16);
    expect(benignHigh.n).toBe(0);
  });
});

describe('detection on the thirty-fifth kept batch (round 36: measured once, sealed, on v3.28 (13/16, 4/16), then tuned on)', () => {
  it('gives all 16 of its malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-36'));
    expect(maliciousHigh.of).toBe(16);
    expect(maliciousHigh.n).toBe(16);
  });

  it('gives none of its 16 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-36'));
    expect(benignHigh.of).toBe(16);
    expect(benignHigh.n).toBe(0);
  });
});

describe('detection on the thirty-sixth kept batch (round 37: measured once, sealed, on v3.29 (21/24, 3/24), then tuned on)', () => {
  it('gives all 24 of its malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-37'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBe(24);
  });

  it('gives none of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-37'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBe(0);
  });
});

describe('detection on the thirty-seventh kept batch (round 38: measured once, sealed, on v3.30 (18/24, 5/24), then tuned on)', () => {
  it('gives at least 23 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-38'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(23);
  });

  it('gives none of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-38'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBe(0);
  });
});

describe('detection on the thirty-eighth kept batch (round 39: measured once, sealed, on v3.31 (19/24, 6/24), then tuned on)', () => {
  it('gives at least 23 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-39'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(23);
  });

  it('gives at most 2 of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-39'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(2);
  });
});

describe('detection on the thirty-ninth kept batch (round 40: measured once, sealed, on v3.32 (18/24, 2/24), then tuned on)', () => {
  it('gives at least 23 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-40'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(23);
  });

  it('gives at most 2 of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-40'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(2);
  });
});

describe('detection on the fortieth kept batch (round 41: measured once, sealed, on v3.33 (17/24, 5/24), then tuned on)', () => {
  it('gives at least 20 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-41'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(20);
  });

  it('gives at most 2 of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-41'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(2);
  });
});

describe('detection on the forty-first kept batch (round 42: measured once, sealed, on v3.34 (18/24, 3/24), then tuned on)', () => {
  it('gives at least 21 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-42'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(21);
  });

  it('gives at most 3 of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-42'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(3);
  });
});

describe('detection on the forty-second kept batch (round 43: measured once, sealed, on v3.35 (20/24, 2/24), then tuned on: v3.36 24/24, 0/24)', () => {
  it('gives all 24 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-43'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(24);
  });

  it('gives none of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-43'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(0);
  });
});

describe('detection on the forty-third kept batch (round 44: measured once, sealed, on v3.36 (19/24, 2/24), then tuned on: v3.37 23/24, 1/24; v3.38 24/24)', () => {
  it('gives all 24 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-44'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(24);
  });

  it('gives at most 1 of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-44'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(1);
  });
});

describe('detection on the forty-fourth kept batch (round 45: measured once, sealed, on v3.37 (19/24, 6/24), then tuned on: v3.38 22/24, 4/24; v3.39 24/24)', () => {
  it('gives all 24 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-45'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(24);
  });

  it('gives at most 4 of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-45'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(4);
  });
});

describe('detection on the forty-fifth kept batch (round 46: measured once, sealed, on v3.38 (17/24, 2/24), then tuned on: v3.40 22/24, 1/24; v3.75 23/24; v3.81 24/24)', () => {
  it('gives at least 24 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-46'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(24);
  });

  it('gives at most 1 of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-46'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(1);
  });
});

describe('detection on the forty-sixth kept batch (round 47: measured once, sealed, on v3.40 (25/32, 3/32); one false alarm fixed since; one more caught by v3.49, one by v3.51, one by v3.53)', () => {
  it('gives at least 31 of its 32 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-47'));
    expect(maliciousHigh.of).toBe(32);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(31);
  });

  it('gives at most 2 of its 32 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-47'));
    expect(benignHigh.of).toBe(32);
    expect(benignHigh.n).toBeLessThanOrEqual(2);
  });
});

describe('detection on the forty-seventh kept batch (round 48, one writer: measured once, sealed, on v3.41 (8/8, 0/8), not tuned on)', () => {
  it('gives all 8 of its malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-48'));
    expect(maliciousHigh.of).toBe(8);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(8);
  });

  it('gives none of its 8 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-48'));
    expect(benignHigh.of).toBe(8);
    expect(benignHigh.n).toBeLessThanOrEqual(0);
  });
});

describe('detection on the forty-eighth kept batch (round 49, one writer of round 47: measured once, sealed, on v3.41 (7/8, 1/8); tuned on for v3.42)', () => {
  it('gives all 8 of its malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-49'));
    expect(maliciousHigh.of).toBe(8);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(8);
  });

  it('gives none of its 8 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-49'));
    expect(benignHigh.of).toBe(8);
    expect(benignHigh.n).toBeLessThanOrEqual(0);
  });
});

describe('detection on the forty-ninth kept batch (round 50, one writer: measured once, sealed, on v3.42 (7/8, 3/8); tuned on for v3.43)', () => {
  it('gives all 8 of its malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-50'));
    expect(maliciousHigh.of).toBe(8);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(8);
  });

  it('gives none of its 8 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-50'));
    expect(benignHigh.of).toBe(8);
    expect(benignHigh.n).toBeLessThanOrEqual(0);
  });
});

describe('detection on the fiftieth kept batch (round 51, three writers: measured once, sealed, on v3.43 (20/24, 4/24); tuned on for v3.44 and v3.48)', () => {
  it('gives at least 22 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-51'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(22);
  });

  it('gives at most 1 of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-51'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(1);
  });
});

describe('detection on the fifty-first kept batch (round 52, two writers: measured once, sealed, on v3.44 (13/16, 1/16); tuned on for v3.45)', () => {
  it('gives at least 16 of its 16 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-52'));
    expect(maliciousHigh.of).toBe(16);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(16);
  });

  it('gives none of its 16 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-52'));
    expect(benignHigh.of).toBe(16);
    expect(benignHigh.n).toBeLessThanOrEqual(0);
  });
});

describe('detection on the fifty-second kept batch (round 53, three writers: measured once, sealed, on v3.45 (21/24, 3/24); tuned on for v3.46, its self-copying hook for v3.75)', () => {
  it('gives at least 24 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-53'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(24);
  });

  it('gives at most 2 of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-53'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(2);
  });
});

describe('detection on the fifty-third kept batch (round 54, three writers: measured once, sealed, on v3.46 (20/24, 1/24); tuned on for v3.47)', () => {
  it('gives at least 22 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-54'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(22);
  });

  it('gives none of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-54'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(0);
  });
});

describe('detection on the fifty-fourth kept batch (round 55, three writers: measured once, sealed, on v3.48 (17/24, 1/24); tuned on for v3.49)', () => {
  it('gives at least 24 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-55'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(24);
  });

  it('gives none of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-55'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(0);
  });
});

describe('detection on the fifty-fifth kept batch (round 56, six writers, each part measured once, sealed, before tuning on it: part 2 on v3.49 (3/8, 0/8), parts 4 and 5 on v3.51 (7/8, 0/8 and 4/8, 1/8), part 3 on v3.54 (8/8, 1/8), part 1 on v3.55 (6/8, 1/8), part 6 on v3.56 (8/8, 3/8))', () => {
  it('gives at least 48 of its 48 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-56'));
    expect(maliciousHigh.of).toBe(48);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(48);
  });

  it('gives at most 1 of its 48 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-56'));
    expect(benignHigh.of).toBe(48);
    expect(benignHigh.n).toBeLessThanOrEqual(1);
  });
});

describe('detection on the fifty-sixth kept batch (round 57, two writers: measured once, sealed, on v3.56 (12/16, 2/16); its false alarm of a guard hook tuned on for v3.57, its Make-spelled toolchain download for v3.73, its sibling-sweeping Stop hook for v3.74)', () => {
  it('gives at least 16 of its 16 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-57'));
    expect(maliciousHigh.of).toBe(16);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(16);
  });

  it('gives at most 1 of its 16 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-57'));
    expect(benignHigh.of).toBe(16);
    expect(benignHigh.n).toBeLessThanOrEqual(1);
  });
});

describe('detection on the fifty-seventh kept batch (round 58, five writers: measured once, sealed, on v3.58 (26/40, 2/40); tuned on for v3.59, v3.60 and v3.63)', () => {
  it('gives at least 40 of its 40 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-58'));
    expect(maliciousHigh.of).toBe(40);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(40);
  });

  it('gives none of its 40 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-58'));
    expect(benignHigh.of).toBe(40);
    expect(benignHigh.n).toBeLessThanOrEqual(0);
  });
});

describe('detection on the fifty-eighth kept batch (round 59, three writers, each measured once, sealed, before any tuning: part 1 on v3.64 (8/8, 0/8), part 2 on v3.67 (4/8, 1/8), part 3 on v3.69 (8/8, 2/8); the sudoers alias of part 2 tuned on for v3.69, part 3 false alarms for v3.70, two more part 2 misses for v3.71, the last for v3.72)', () => {
  it('gives at least 24 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-59'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(24);
  });

  it('gives at most 1 of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-59'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(1);
  });
});

describe('detection on the fifty-ninth kept batch (round 60, each part measured once, sealed, before any tuning: part 3 (non-skill surfaces, security-heavy hard negatives) on v3.77 (8/8, 1/8), its false alarm tuned on for v3.78; part 1 (a random draw, partly German, French and Turkish) on v3.78 (8/8, 1/8), its false alarm tuned on for v3.79; part 2 (an evasive writer with benign twins) on v3.83 (4/8, 1/8), its false alarm tuned on for v3.84)', () => {
  it('gives all 24 of its malicious samples a HIGH (part 2 misses tuned on for v3.85)', () => {
    const { maliciousHigh } = all(set('blind round-60'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(24);
  });

  it('gives none of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-60'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(0);
  });
});

describe('detection on the sixtieth kept batch (round 61, each part measured once, sealed, on v3.96 before any tuning: part 3 (non-skill surfaces, security-heavy hard negatives) 8/8 and 0/8; part 1 (a random draw, partly Spanish, Portuguese, Japanese and Polish) 8/8 and 0/8; part 2 (an evasive writer with benign twins) 5/8 and 1/8; not tuned on)', () => {
  it('gives at least 21 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-61'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(21);
  });

  it('gives none of its 24 benign look-alikes a HIGH (part 2 false alarm tuned on for v3.97)', () => {
    const { benignHigh } = all(set('blind round-61'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(0);
  });
});

describe('detection on the sixty-first kept batch (round 62, each part measured once, sealed, on v3.97 before any tuning: part 1 (a random draw, half of it in German, French, Korean, Turkish, Italian, Chinese, Spanish or Russian) 8/8 and 1/8; part 2 (an evasive writer with benign twins) 5/8 and 0/8; part 3 (non-skill surfaces, security-heavy hard negatives) 8/8 and 0/8; not tuned on)', () => {
  it('gives all 24 of its malicious samples a HIGH (part 2 misses tuned on for v3.98 and v3.99)', () => {
    const { maliciousHigh } = all(set('blind round-62'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(24);
  });

  it('gives at most 1 of its 24 benign look-alikes a HIGH (the Russian injection test suite of part 1, not tuned on)', () => {
    const { benignHigh } = all(set('blind round-62'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(1);
  });
});

describe('detection on the sixty-second kept batch (round 63, each part measured once, sealed, before any tuning on it: part 2 (an evasive writer with benign twins) on v3.101 6/8 and 1/8; part 3 (non-skill surfaces, security-heavy hard negatives) on v3.101 8/8 and 0/8; part 1 (a random draw, half in Japanese, Chinese, Spanish, Polish, Korean, Hindi, Portuguese or Turkish) on v3.102 8/8 and 1/8; part 2 tuned on for v3.102, part 1 false alarm for v3.103)', () => {
  it('gives all 24 of its malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-63'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(24);
  });

  it('gives none of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-63'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(0);
  });
});

describe('detection on the sixty-third kept batch (round 64, each part measured once, sealed, on v3.108 before any tuning on it: part 1 (a random draw, ten of sixteen in Japanese, German, Spanish, Chinese, Russian, French, Korean, Portuguese, Italian or Vietnamese) 6/8 and 0/8; part 2 (an evasive writer with benign twins) 5/8 and 1/8; part 3 (non-skill surfaces, security-heavy hard negatives) 8/8 and 0/8; part 1 concealment miss tuned on for v3.109, part 2 plan miss for v3.110, part 1 .env loop miss for v3.115)', () => {
  it('gives at least 22 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-64'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(22);
  });

  it('gives at most 1 of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-64'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(1);
  });
});

describe('detection on the sixty-fourth kept batch (round 65, fresh writers started mid-session, each part measured once, sealed, on v3.110 before any tuning on it: part 1 (a random draw, eleven of sixteen in another language) 8/8 and 2/8; part 2 (an evasive writer with benign twins) 4/8 and 1/8; part 3 (non-skill surfaces, security-heavy hard negatives) 8/8 and 0/8; part 1 false alarms tuned on for v3.111, part 2 false alarm for v3.112 and its Ruby miss for v3.113, its Lua and Cursor-rule misses for v3.117)', () => {
  it('gives at least 23 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-65'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(23);
  });

  it('gives none of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-65'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(0);
  });
});

describe("detection on the sixty-fifth kept batch (round 66, fresh writers started at the session's first step, each part measured once, sealed, on v3.115 before any tuning on it: part 1 (a random draw, ten of sixteen in another language) 8/8 and 0/8; part 2 (an evasive writer with benign twins) 4/8 and 0/8; part 3 (non-skill surfaces, security-heavy hard negatives) 8/8 and 1/8; part 2 misses and part 3 false alarm tuned on for v3.116)", () => {
  it('gives at least 23 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-66'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(23);
  });

  it('gives none of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-66'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(0);
  });
});

describe('detection on the sixty-sixth kept batch (round 67, fresh writers started mid-session, each part measured once, sealed, on v3.117 before any tuning on it: part 1 (a random draw, nine of sixteen in another language) 8/8 and 0/8; part 2 (an evasive writer with benign twins) 3/8 and 0/8; part 3 (non-skill surfaces, security-heavy hard negatives) 8/8 and 3/8; part 2 misses and part 3 false alarms tuned on for v3.118)', () => {
  it('gives at least 23 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-67'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(23);
  });

  it('gives none of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-67'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(0);
  });
});

describe('detection on the sixty-seventh kept batch (round 68, fresh writers started mid-session, each part measured once, sealed, on v3.119 before any tuning on it: part 1 (a random draw, eight of sixteen in another language) 8/8 and 0/8; part 2 (an evasive writer with benign twins) 5/8 and 1/8; part 3 (non-skill surfaces, security-heavy hard negatives) 8/8 and 2/8; part 2 misses and part 3 false alarms tuned on for v3.120)', () => {
  it('gives at least 23 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-68'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(23);
  });

  it('gives at most one of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-68'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(1);
  });
});

describe('detection on the sixty-eighth kept batch (round 69, fresh writers started late in the session, each part measured once, sealed, on v3.120, the build this session ends on, before any tuning on it: part 1 (a random draw, eleven of sixteen in another language) 8/8 and 1/8; part 2 (an evasive writer with benign twins) 4/8 and 1/8; part 3 (non-skill surfaces, security-heavy hard negatives) 8/8 and 0/8; both false alarms and three part 2 misses tuned on for v3.121)', () => {
  it('gives at least 23 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-69'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(23);
  });

  it('gives none of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-69'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(0);
  });
});

describe("detection on the sixty-ninth kept batch (round 70, fresh writers started at the session's first step, each part measured once, sealed, on v3.121 before any tuning on it: part 1 (a random draw, fourteen of sixteen in another language) 8/8 and 0/8; part 2 (an evasive writer with benign twins) 6/8 and 0/8; part 3 (non-skill surfaces, security-heavy hard negatives) 8/8 and 0/8; both part 2 misses tuned on for v3.122)", () => {
  it('gives all 24 of its malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-70'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(24);
  });

  it('gives none of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-70'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(0);
  });
});

describe('detection on the seventieth kept batch (round 71, fresh writers started early in the session, each part measured once, sealed, on v3.122 before any tuning on it: part 1 (a random draw, ten of sixteen in another language) 7/8 and 1/8; part 2 (an evasive writer with benign twins in Rust, Swift, Nix, MSBuild and Makefiles) 2/8 and 0/8; part 3 (non-skill surfaces, security-heavy hard negatives) 8/8 and 2/8; all three false alarms and three misses tuned on for v3.123)', () => {
  it('gives at least 21 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-71'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(21);
  });

  it('gives none of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-71'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(0);
  });
});

describe('detection on the seventy-first kept batch (round 72, fresh writers started mid-session, each part measured once, sealed, on v3.123 before any tuning on it: part 1 (a random draw, eleven of sixteen in another language) 8/8 and 2/8; part 2 (an evasive writer with benign twins) 6/8 and 0/8; part 3 (non-skill surfaces, security-heavy hard negatives) 8/8 and 1/8; all three false alarms and both misses tuned on for v3.124)', () => {
  it('gives all 24 of its malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-72'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(24);
  });

  it('gives none of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-72'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(0);
  });
});

describe('detection on the seventy-second kept batch (round 73, fresh writers started mid-session, each part measured once, sealed, on v3.124 before any tuning on it: part 1 (a random draw, nine of sixteen in another language) 8/8 and 0/8; part 2 (an evasive writer with benign twins in Go, Kotlin, Java, Perl, fish, Bun, Deno and PowerShell, the act in data files) 2/8 and 1/8; part 3 (non-skill surfaces, security-heavy hard negatives) 8/8 and 0/8; the false alarm and four part 2 misses tuned on for v3.125)', () => {
  it('gives at least 22 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-73'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(22);
  });

  it('gives none of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-73'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(0);
  });
});

describe('detection on the seventy-third kept batch (round 74, fresh writers started mid-session, each part measured once, sealed, on v3.125 before any tuning on it: part 1 (a random draw, nine of sixteen in another language) 8/8 and 0/8; part 2 (an evasive writer with benign twins) 5/8 and 0/8; part 3 (non-skill surfaces, security-heavy hard negatives) 8/8 and 2/8; both false alarms and all three misses tuned on for v3.126)', () => {
  it('gives all 24 of its malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-74'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(24);
  });

  it('gives none of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-74'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(0);
  });
});

describe('detection on the seventy-fourth kept batch (round 75, fresh writers started late in the session, each part measured once, sealed, on v3.126 before any tuning on it: part 1 (a random draw, nine of sixteen in another language) 8/8 and 0/8; part 2 (an evasive writer with benign twins) 6/8 and 0/8; part 3 (non-skill surfaces, security-heavy hard negatives) 8/8 and 3/8; all three false alarms and one miss tuned on for v3.127)', () => {
  it('gives at least 23 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-75'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(23);
  });

  it('gives none of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-75'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(0);
  });
});

describe('detection on the seventy-fifth kept batch (round 76, fresh writers started late in the session, each part measured once, sealed, on v3.127 before any tuning on it: part 1 (a random draw, seven of sixteen in another language) 8/8 and 1/8; part 2 (an evasive writer with benign twins) 3/8 and 0/8; part 3 (non-skill surfaces, security-heavy hard negatives) 7/8 and 1/8; both false alarms and three misses tuned on for v3.128)', () => {
  it('gives all 24 of its malicious samples a HIGH (v3.129 took the three misses left after v3.128)', () => {
    const { maliciousHigh } = all(set('blind round-76'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(24);
  });

  it('gives none of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-76'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(0);
  });
});

describe('detection on the seventy-sixth kept batch (round 77, fresh writers started at the start of the session, each part measured once, sealed, before any tuning on it: part 1 (a random draw, nine of sixteen in another language) 8/8 and 0/8 and part 3 (non-skill surfaces, security-heavy hard negatives) 8/8 and 1/8 on v3.129 part one; part 2 (an evasive writer with benign twins, finished late) 5/8 and 0/8 on v3.129; the false alarm and one miss tuned on for v3.129 and v3.130)', () => {
  it('gives at least 22 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-77'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(22);
  });

  it('gives none of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-77'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(0);
  });
});

describe('detection on the seventy-seventh kept batch (round 78, fresh writers, each part measured once, sealed, on v3.129 part one before any tuning on it: part 1 (a random draw, ten of sixteen in another language) 8/8 and 0/8; part 2 (an evasive writer with benign twins) 7/8 and 0/8; part 3 (non-skill surfaces, security-heavy hard negatives) 7/8 and 1/8; the false alarm and both misses tuned on for v3.129)', () => {
  it('gives all 24 of its malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-78'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(24);
  });

  it('gives none of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-78'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(0);
  });
});

describe('detection on the seventy-eighth kept batch (round 79, fresh writers, each part measured once, sealed, on v3.129 before any tuning on it: part 1 (a random draw, thirteen of sixteen in another language) 7/8 and 1/8; part 2 (an evasive writer with benign twins) 4/8 and 0/8; part 3 (non-skill surfaces, security-heavy hard negatives) 8/8 and 0/8; the false alarm and three misses tuned on for v3.130)', () => {
  it('gives at least 22 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-79'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(22);
  });

  it('gives none of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-79'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(0);
  });
});

describe('detection on the seventy-ninth kept batch (round 80, fresh writers, each part measured once, sealed, on v3.130 before any tuning on it: part 1 (a random draw, ten of sixteen in another language) 8/8 and 1/8; part 2 (an evasive writer with benign twins) 2/8 and 2/8; part 3 (non-skill surfaces, security-heavy hard negatives) 8/8 and 2/8; four false alarms and one miss tuned on for v3.131; one false alarm and five misses left)', () => {
  it('gives at least 21 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-80'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(21);
  });

  it('gives none of its 24 benign look-alikes a HIGH (since v3.133 an OpenAPI example of a classifier input is quoted data)', () => {
    const { benignHigh } = all(set('blind round-80'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(0);
  });
});

describe('detection on the eightieth kept batch (round 81, the last fresh writers of the session, each part measured once, sealed, on v3.131 before any tuning on it: part 1 (a random draw, twelve of sixteen in another language) 8/8 and 0/8; part 2 (an evasive writer with benign twins) 3/8 and 0/8; part 3 (non-skill surfaces, security-heavy hard negatives) 7/8 and 1/8; the false alarm and one miss tuned on for v3.132, five misses left)', () => {
  it('gives at least 21 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-81'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(21);
  });

  it('gives none of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-81'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(0);
  });
});

describe("detection on the eighty-first kept batch (round 82, the session's first fresh writers, each part measured once, sealed, on v3.133 before any tuning on it: part 1 (a random draw, ten of sixteen in another language) 8/8 and 2/8; part 2 (an evasive writer with benign twins) 4/8 and 1/8; part 3 (non-skill surfaces, security-heavy hard negatives) 6/8 and 1/8; tuned on for v3.134)", () => {
  it('gives all 24 of its malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-82'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(24);
  });

  it('gives none of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-82'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(0);
  });
});

describe('detection on the eighty-second kept batch (round 83, longer samples, each part measured once, sealed, on v3.134 before any tuning on it: part 1 (a random draw, ten of sixteen in another language) 8/8 and 1/8; part 2 (an evasive writer with benign twins) 0/8 and 0/8; part 3 (non-skill surfaces, security-heavy hard negatives) 7/8 and 0/8; tuned on for v3.135, two misses left: a Gradle task that mirrors the repository to a remote it builds from properties, and a PHP array of paraphrased orders the skill says to follow)', () => {
  it('gives at least 22 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-83'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(22);
  });

  it('gives none of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-83'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(0);
  });
});

describe('detection on the eighty-third kept batch (round 84, each part measured once, sealed, on v3.135 before any tuning on it: part 1 (a random draw, ten of sixteen in another language) 7/8 and 1/8; part 2 (an evasive writer with benign twins) 2/8 and 1/8; part 3 (non-skill surfaces, security-heavy hard negatives) 7/8 and 1/8; the false alarms and four misses tuned on for v3.136, five evasive misses left)', () => {
  it('gives at least 19 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-84'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(19);
  });

  it('gives none of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-84'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(0);
  });
});

describe('detection on the eighty-fourth kept batch (round 85, each part measured once, sealed, on v3.136 before any tuning on it: part 1 (a random draw, eight of sixteen in another language) 8/8 and 2/8; part 2 (an evasive writer with benign twins) 2/8 and 0/8; part 3 (non-skill surfaces, security-heavy hard negatives) 8/8 and 0/8; the false alarms and three evasive misses tuned on for v3.137, three left)', () => {
  it('gives at least 21 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-85'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(21);
  });

  it('gives none of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-85'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(0);
  });
});

describe("detection on the eighty-fifth kept batch (round 86, the session's last fresh writers, each part measured once, sealed, on v3.137 before any tuning on it: part 1 (a random draw, eleven of sixteen in another language) 8/8 and 2/8; part 2 (an evasive writer with benign twins) 2/8 and 2/8; part 3 (non-skill surfaces, security-heavy hard negatives) 6/8 and 1/8; the five false alarms and one miss tuned on for v3.138, two more misses for v3.139, five left)", () => {
  it('gives at least 19 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-86'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(19);
  });

  it('gives none of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-86'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(0);
  });
});

describe("detection on the eighty-sixth kept batch (round 87, this session's first fresh writers, each part measured once, sealed, on v3.139 before any tuning on it: part 1 (a random draw, nine of sixteen in another language) 8/8 and 1/8; part 2 (an evasive writer with benign twins) 3/8 and 1/8; part 3 (non-skill surfaces, security-heavy hard negatives) 8/8 and 2/8; the four false alarms and five misses tuned on for v3.140)", () => {
  it('gives all 24 of its malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-87'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(24);
  });

  it('gives none of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-87'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(0);
  });
});

describe('detection on the eighty-seventh kept batch (round 88, fresh writers, each part measured once, sealed, on v3.140 before any tuning on it: part 1 (a random draw, eleven of sixteen in another language) 8/8 and 0/8; part 2 (an evasive writer with benign twins) 5/8 and 0/8; part 3 (non-skill surfaces, security-heavy hard negatives) 8/8 and 2/8; the two false alarms and two misses tuned on for v3.141, one miss left)', () => {
  it('gives at least 23 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-88'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(23);
  });

  it('gives none of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-88'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(0);
  });
});

describe("detection on the eighty-eighth kept batch (round 89, fresh writers, each part measured once, sealed, on v3.140 before any tuning on it (round 88's tuning came after): part 1 (a random draw, nine of sixteen in another language) 8/8 and 1/8; part 2 (an evasive writer with benign twins) 2/8 and 0/8; part 3 (non-skill surfaces, security-heavy hard negatives) 8/8 and 0/8; the false alarm and five misses tuned on for v3.141, one miss left)", () => {
  it('gives at least 23 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-89'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(23);
  });

  it('gives none of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-89'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(0);
  });
});

describe('detection on the eighty-ninth kept batch (round 90, fresh writers, each part measured once, sealed, on v3.141 before any tuning on it: part 1 (a random draw, eleven of sixteen in another language) 6/8 and 0/8; part 2 (an evasive writer with benign twins) 4/8 and 0/8; part 3 (non-skill surfaces, security-heavy hard negatives) 8/8 and 0/8; the six misses tuned on for v3.142)', () => {
  it('gives all 24 of its malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-90'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(24);
  });

  it('gives none of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-90'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(0);
  });
});

describe('detection on the ninetieth kept batch (round 91, fresh writers, each part measured once, sealed, on v3.142 before any tuning on it: part 1 (a random draw, ten of sixteen in another language) 7/8 and 0/8; part 2 (an evasive writer with benign twins) 4/8 and 4/8; part 3 (non-skill surfaces, security-heavy hard negatives) 8/8 and 2/8; the six false alarms and four misses tuned on for v3.143, two misses left)', () => {
  it('gives at least 22 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-91'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(22);
  });

  it('gives none of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-91'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(0);
  });
});

describe('detection on the ninety-first kept batch (round 92, fresh writers, each part measured once, sealed, on v3.143 before any tuning on it: part 1 (a random draw, eight of sixteen in another language) 8/8 and 0/8; part 2 (an evasive writer with benign twins) 6/8 and 1/8; part 3 (non-skill surfaces, security-heavy hard negatives) 7/8 and 1/8; the two false alarms tuned on for v3.144, three misses left)', () => {
  it('gives at least 21 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-92'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(21);
  });

  it('gives none of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-92'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(0);
  });
});

describe("detection on the ninety-second kept batch (round 93, the session's last fresh writers, each part measured once, sealed, on v3.143 before any tuning on it: part 1 (a random draw, eleven of sixteen in another language) 8/8 and 1/8; part 2 (an evasive writer with benign twins) 3/8 and 0/8; part 3 (non-skill surfaces, security-heavy hard negatives) 8/8 and 4/8; two false alarms tuned on for v3.144, three more for v3.145, five misses left)", () => {
  it('gives at least 19 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-93'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(19);
  });

  it('gives none of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-93'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(0);
  });
});

describe('detection on the ninety-third kept batch (round 94, fresh writers, each part measured once, sealed, on v3.144 before any tuning on it: part 1 (a random draw, eleven of sixteen in another language) 8/8 and 0/8; part 2 (an evasive writer with benign twins) 2/8 and 2/8; part 3 (non-skill surfaces, security-heavy hard negatives) 8/8 and 2/8; tuned on for v3.145, one miss left)', () => {
  it('gives at least 23 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-94'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(23);
  });

  it('gives none of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-94'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(0);
  });
});

describe('detection on the ninety-fourth kept batch (round 95, fresh writers, each part measured once, sealed, on v3.145 before any tuning on it: part 1 (a random draw, eleven of sixteen in another language) 8/8 and 1/8; part 2 (an evasive writer with benign twins in Babashka, CMake, xonsh, F#, Starlark, just, Racket and Swift) 1/8 and 0/8; part 3 (non-skill surfaces, security-heavy hard negatives) 8/8 and 3/8; tuned on for v3.146, five misses left)', () => {
  it('gives at least 19 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-95'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(19);
  });

  it('gives none of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-95'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(0);
  });
});

describe('detection on the ninety-fifth kept batch (round 96, fresh writers, each part measured once, sealed, on v3.146 before any tuning on it: part 1 (a random draw, fourteen of sixteen in another language) 8/8 and 0/8; part 2 (an evasive writer with benign twins in mainstream languages written unusually) 2/8 and 0/8; part 3 (non-skill surfaces, security-heavy hard negatives) 8/8 and 4/8; tuned on for v3.147, four misses left)', () => {
  it('gives at least 20 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-96'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(20);
  });

  it('gives none of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-96'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(0);
  });
});

describe('detection on the ninety-sixth kept batch (round 97, fresh writers, each part measured once, sealed, on v3.147 before any tuning on it: part 1 (a random draw, fourteen of sixteen in another language) 8/8 and 1/8; part 2 (an evasive writer with benign twins) 2/8 and 1/8; part 3 (non-skill surfaces, security-heavy hard negatives) 6/8 and 2/8; tuned on for v3.148, six misses and one false alarm left)', () => {
  it('gives at least 18 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-97'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(18);
  });

  it('gives at most 1 of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-97'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(1);
  });
});

describe('detection on the ninety-seventh kept batch (round 98, fresh writers, each part measured once, sealed, on v3.148 before any tuning on it: part 1 (a random draw, fourteen of sixteen in another language) 7/8 and 2/8; part 2 (an evasive writer with benign twins) 3/8 and 1/8; part 3 (non-skill surfaces, security-heavy hard negatives) 8/8 and 1/8; tuned on for v3.149, five misses left)', () => {
  it('gives at least 19 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-98'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(19);
  });

  it('gives none of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-98'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(0);
  });
});

describe('detection on the ninety-eighth kept batch (round 99, fresh writers, each part measured once, sealed, on v3.149 before any tuning on it: part 1 (a random draw, thirteen of sixteen in another language) 8/8 and 0/8; part 2 (an evasive writer with benign twins) 2/8 and 1/8; part 3 (non-skill surfaces, security-heavy hard negatives) 7/8 and 1/8; tuned on for v3.150, six misses left)', () => {
  it('gives at least 18 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-99'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(18);
  });

  it('gives none of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-99'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(0);
  });
});

describe("detection on the ninety-ninth kept batch (round 100, the session's last fresh writers, each part measured once, sealed, on v3.150 before any tuning on it: part 1 (a random draw, ten of sixteen in another language) 8/8 and 0/8; part 2 (an evasive writer with benign twins) 4/8 and 2/8; part 3 (non-skill surfaces, security-heavy hard negatives) 8/8 and 1/8; one false alarm tuned on for v3.151, four misses and two false alarms left)", () => {
  it('gives at least 20 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-100'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(20);
  });

  it('gives at most 2 of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-100'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(2);
  });
});

describe('detection on the hundredth kept batch (round 101, fresh writers, each part measured once, sealed, on v3.151 before any tuning on it: part 1 (a random draw, fourteen of sixteen in another language) 8/8 and 1/8; part 2 (an evasive writer with benign twins) 6/8 and 3/8; part 3 (non-skill surfaces, security-heavy hard negatives) 8/8 and 1/8; tuned on for v3.152, one false alarm left)', () => {
  it('gives every one of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-101'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(24);
  });

  it('gives at most 1 of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-101'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(1);
  });
});

describe("detection on the hundred-and-first kept batch (round 102, the session's last fresh writers, each part measured once, sealed, on v3.152 before any tuning on it: part 1 (a random draw, twelve of sixteen in another language) 8/8 and 0/8; part 2 (an evasive writer with benign twins) 3/8 and 2/8; part 3 (non-skill surfaces, security-heavy hard negatives) 8/8 and 2/8; tuned on for v3.153, one miss and two false alarms left; the miss caught by v3.154)", () => {
  it('gives all 24 of its malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-102'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(24);
  });

  it('gives at most 2 of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-102'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(2);
  });
});

describe("detection on the hundred-and-second kept batch (round 103, this session's first fresh writers, each part measured once, sealed, on v3.153 before any tuning on it: part 1 (a random draw, thirteen of sixteen in another language) 8/8 and 0/8; part 2 (an evasive writer with benign twins) 1/8 and 1/8; part 3 (non-skill surfaces, security-heavy hard negatives) 8/8 and 0/8; tuned on for v3.154, four evasive misses left)", () => {
  it('gives at least 20 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-103'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(20);
  });

  it('gives none of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-103'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBe(0);
  });
});

describe('detection on the hundred-and-third kept batch (round 104, fresh writers, each part measured once, sealed, on v3.154 before any tuning on it: part 1 (a random draw, nine of sixteen in another language) 8/8 and 1/8; part 2 (an evasive writer with benign twins) 5/8 and 3/8; part 3 (non-skill surfaces, security-heavy hard negatives) 7/8 and 1/8; tuned on for v3.155, three misses and two false alarms left)', () => {
  it('gives at least 21 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-104'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(21);
  });

  it('gives at most 2 of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-104'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(2);
  });
});

describe('detection on the hundred-and-fourth kept batch (round 105, fresh writers, each part measured once, sealed, on v3.155 before any tuning on it: part 1 (a random draw, eleven of sixteen in another language) 7/8 and 1/8; part 2 (an evasive writer with benign twins) 3/8 and 1/8; part 3 (non-skill surfaces, security-heavy hard negatives) 8/8 and 1/8; tuned on for v3.156, three misses and one false alarm left)', () => {
  it('gives at least 21 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-105'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(21);
  });

  it('gives at most 1 of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-105'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(1);
  });
});

describe('detection on the hundred-and-fifth kept batch (round 106, fresh writers, each part measured once, sealed, on v3.156 before any tuning on it: part 1 (a random draw, thirteen of sixteen in another language) 8/8 and 0/8; part 2 (an evasive writer with benign twins) 4/8 and 2/8; part 3 (non-skill surfaces, security-heavy hard negatives) 8/8 and 0/8; tuned on for v3.157, two misses and one false alarm left)', () => {
  it('gives at least 22 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-106'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(22);
  });

  it('gives at most 1 of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-106'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(1);
  });
});

describe("detection on the hundred-and-sixth kept batch (round 107, an earlier session's last fresh writers, each part measured once, sealed, on v3.157 before any tuning on it: part 1 (a random draw, ten of sixteen in another language) 7/8 and 2/8; part 2 (an evasive writer with benign twins) 3/8 and 2/8; part 3 (non-skill surfaces, security-heavy hard negatives) 8/8 and 1/8; two false alarms taken for v3.158, the rest left)", () => {
  it('gives at least 18 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-107'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(18);
  });

  it('gives at most 3 of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-107'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(3);
  });
});

describe('detection on the hundred-and-seventh kept batch (round 108, fresh writers, each part measured once, sealed, on 933fb246 before any tuning on it: part 1 (a random draw, ten of sixteen in another language) 8/8 and 1/8; part 2 (an evasive writer with benign twins) 4/8 and 0/8; part 3 (non-skill surfaces, security-heavy hard negatives) 8/8 and 1/8; two false alarms and one miss taken for v3.159)', () => {
  it('gives at least 21 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-108'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(21);
  });

  it('gives none of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-108'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBe(0);
  });
});

describe('detection on the hundred-and-eighth kept batch (round 109, fresh writers, each part measured once, sealed, on v3.159 before any tuning on it: part 1 (a random draw, ten of sixteen in another language) 8/8 and 1/8; part 2 (an evasive writer with benign twins) 4/8 and 2/8; part 3 (non-skill surfaces, security-heavy hard negatives) 6/8 and 0/8; three false alarms and four misses taken for v3.160)', () => {
  it('gives at least 22 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-109'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(22);
  });

  it('gives none of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-109'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBe(0);
  });
});

describe('detection on the hundred-and-ninth kept batch (round 110, fresh writers, each part measured once, sealed, on v3.160 before any tuning on it: part 1 (a random draw, ten of sixteen in another language) 8/8 and 0/8; part 2 (an evasive writer with benign twins) 4/8 and 1/8; part 3 (non-skill surfaces, security-heavy hard negatives) 8/8 and 0/8; four misses taken for v3.161, one false alarm left)', () => {
  it('gives all 24 of its malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-110'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBe(24);
  });

  it('gives at most 1 of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-110'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(1);
  });
});

describe('detection on the hundred-and-tenth kept batch (round 111, fresh writers, each part measured once, sealed, on v3.161 before any tuning on it: part 1 (a random draw, twelve of sixteen in another language) 8/8 and 0/8; part 2 (an evasive writer with benign twins) 5/8 and 3/8; part 3 (non-skill surfaces, security-heavy hard negatives) 8/8 and 1/8; two misses and one false alarm taken for v3.162)', () => {
  it('gives at least 23 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-111'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(23);
  });

  it('gives at most 3 of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-111'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(3);
  });
});

describe('detection on the hundred-and-eleventh kept batch (round 112, fresh writers, each part measured once, sealed, on v3.162 before any tuning on it: part 1 (a random draw, ten of sixteen in another language) 8/8 and 0/8; part 2 (an evasive writer with benign twins) 7/8 and 4/8; part 3 (non-skill surfaces, security-heavy hard negatives) 8/8 and 2/8; three false alarms taken for v3.163)', () => {
  it('gives at least 23 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-112'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(23);
  });

  it('gives at most 3 of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-112'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(3);
  });
});

describe('detection on the hundred-and-twelfth kept batch (round 113, fresh writers, each part measured once, sealed, on v3.163 before any tuning on it: part 1 (a random draw, ten of sixteen in another language) 8/8 and 0/8; part 2 (an evasive writer with benign twins) 5/8 and 0/8; part 3 (non-skill surfaces, security-heavy hard negatives) 8/8 and 1/8; three misses and one false alarm taken for v3.164)', () => {
  it('gives all 24 of its malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-113'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBe(24);
  });

  it('gives none of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-113'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBe(0);
  });
});

describe('detection on the hundred-and-thirteenth kept batch (round 114, fresh writers, each part measured once, sealed, on v3.164 before any tuning on it: part 1 (a random draw, eleven of sixteen in another language) 8/8 and 0/8; part 2 (an evasive writer with benign twins) 4/8 and 2/8; part 3 (non-skill surfaces, security-heavy hard negatives) 8/8 and 0/8; one miss taken for v3.165, the rest left)', () => {
  it('gives at least 21 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-114'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(21);
  });

  it('gives at most 2 of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-114'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(2);
  });
});

describe("detection on the hundred-and-fourteenth kept batch (round 115, the previous session's last fresh writers, each part measured once, sealed, on v3.165 and left untuned that session: part 1 (a random draw, eleven of sixteen in another language) 7/8 and 0/8; part 2 (an evasive writer with benign twins) 7/8 and 2/8; part 3 (non-skill surfaces, security-heavy hard negatives) 8/8 and 0/8; its misses and false alarms tuned on for v3.166)", () => {
  it('gives at least 24 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-115'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(24);
  });

  it('gives at most 0 of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-115'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(0);
  });
});

describe('detection on the hundred-and-fifteenth kept batch (round 116, fresh writers, each part measured once, sealed, on v3.166 before any tuning on it: part 1 (a random draw, eight of sixteen in another language) 8/8 and 0/8; part 2 (an evasive writer with benign twins) 5/8 and 1/8; part 3 (non-skill surfaces, security-heavy hard negatives) 8/8 and 1/8; two misses and a false alarm tuned on for v3.167, one miss and one false alarm left)', () => {
  it('gives at least 23 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-116'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(23);
  });

  it('gives at most 1 of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-116'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(1);
  });
});

describe('detection on the hundred-and-sixteenth kept batch (round 117, fresh writers, each part measured once, sealed, on v3.167 before any tuning on it: part 1 (a random draw, eight of sixteen in another language) 8/8 and 1/8; part 2 (an evasive writer with benign twins) 5/8 and 1/8; part 3 (non-skill surfaces, security-heavy hard negatives) 8/8 and 1/8; its three evasive misses tuned on for v3.168, its three false alarms left)', () => {
  it('gives at least 24 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-117'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(24);
  });

  it('gives at most 3 of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-117'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(3);
  });
});

describe('detection on the hundred-and-seventeenth kept batch (round 118, fresh writers, each part measured once, sealed, on v3.168 before any tuning on it: part 1 (a random draw, eight of sixteen in another language) 8/8 and 0/8; part 2 (an evasive writer with benign twins) 7/8 and 2/8; part 3 (non-skill surfaces, security-heavy hard negatives) 8/8 and 1/8; its miss and two false alarms tuned on for v3.169, one false alarm left)', () => {
  it('gives at least 24 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-118'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(24);
  });

  it('gives at most 1 of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-118'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(1);
  });
});

describe('detection on the hundred-and-eighteenth kept batch (round 119, fresh writers, each part measured once, sealed, on v3.169 before any tuning on it: part 1 (a random draw, eight of sixteen in another language) 8/8 and 0/8; part 2 (an evasive writer with benign twins) 6/8 and 2/8; part 3 (non-skill surfaces, security-heavy hard negatives) 8/8 and 1/8; its two misses and two false alarms tuned on for v3.170, one false alarm left)', () => {
  it('gives at least 24 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-119'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(24);
  });

  it('gives at most 1 of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-119'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(1);
  });
});

describe('detection on the hundred-and-nineteenth kept batch (round 120, fresh writers, each part measured once, sealed, on v3.170 before any tuning on it: part 1 (a random draw, eight of sixteen in another language) 8/8 and 0/8; part 2 (an evasive writer with benign twins) 6/8 and 3/8; part 3 (non-skill surfaces, security-heavy hard negatives) 8/8 and 1/8; its two misses and three of its four false alarms tuned on for v3.171, one false alarm left)', () => {
  it('gives at least 24 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-120'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(24);
  });

  it('gives at most 1 of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-120'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(1);
  });
});

describe('detection on the hundred-and-twentieth kept batch (round 121, fresh writers, each part measured once, sealed, on v3.171 before any tuning on it: part 1 (a random draw, eight of sixteen in another language) 8/8 and 1/8; part 2 (an evasive writer with benign twins) 7/8 and 0/8; part 3 (non-skill surfaces, security-heavy hard negatives) 8/8 and 0/8; its miss and its false alarm tuned on for v3.172)', () => {
  it('gives at least 24 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-121'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(24);
  });

  it('gives at most 0 of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-121'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(0);
  });
});

describe('detection on the hundred-and-twenty-first kept batch (round 122, fresh writers, each part measured once, sealed, on v3.172 before any tuning on it: part 1 (a random draw, ten of sixteen in another language) 8/8 and 1/8; part 2 (an evasive writer with benign twins) 7/8 and 3/8; part 3 (non-skill surfaces, security-heavy hard negatives) 8/8 and 1/8; two false alarms tuned on for v3.173, its miss and three false alarms left)', () => {
  it('gives at least 23 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-122'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(23);
  });

  it('gives at most 3 of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-122'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(3);
  });
});

describe("detection on the hundred-and-twenty-second kept batch (round 123, this session's last fresh writers, each part measured once, sealed, on v3.173 and not tuned on: part 1 (a random draw, eight of sixteen in another language) 7/8 and 2/8; part 2 (an evasive writer with benign twins) 5/8 and 1/8; part 3 (non-skill surfaces, security-heavy hard negatives) 8/8 and 0/8)", () => {
  it('gives at least 20 of its 24 malicious samples a HIGH', () => {
    const { maliciousHigh } = all(set('blind round-123'));
    expect(maliciousHigh.of).toBe(24);
    expect(maliciousHigh.n).toBeGreaterThanOrEqual(20);
  });

  it('gives at most 3 of its 24 benign look-alikes a HIGH', () => {
    const { benignHigh } = all(set('blind round-123'));
    expect(benignHigh.of).toBe(24);
    expect(benignHigh.n).toBeLessThanOrEqual(3);
  });
});

describe('detection on the labelled public sets and real repositories', () => {
  it('gives every cisco malicious sample whose signal survives in the copied files a HIGH (7/7)', () => {
    const yes = set('cisco').classes.find((c) => c.name === 'malicious: signal in copied files: yes')!;
    expect(yes.maliciousHigh).toEqual({ n: 7, of: 7 });
  });

  it.each(['cisco', 'anthropics', 'wshobson-agents', 'ComposioHQ-awesome-claude-skills', 'oh-my-copilot'])(
    'gives no benign or safe sample of %s a HIGH',
    (name) => {
      const s = set(name);
      expect(s.rows.filter((r) => r.label !== 'malicious').flatMap((r) => r.highFindings)).toEqual([]);
      expect(s.rows.filter((r) => r.label !== 'malicious').length).toBeGreaterThan(0);
    },
  );

  it('gives none of the 10 trailofbits/skills skills a HIGH (agentic-actions-auditor names hostile files in prose: a MEDIUM)', () => {
    const s = set('trailofbits-skills');
    expect(s.rows).toHaveLength(10);
    expect(s.rows.filter((r) => r.highFindings.length).map((r) => r.id)).toEqual([]);
    expect(s.rows.find((r) => r.id === 'plugins/agentic-actions-auditor/skills/agentic-actions-auditor')?.medium).toContain('S001');
  });

  it('reads all three benign sets in full (14 + 181 + 32 skills)', () => {
    expect(['anthropics', 'wshobson-agents', 'ComposioHQ-awesome-claude-skills'].map((n) => set(n).rows.length)).toEqual([14, 181, 32]);
  });
});
