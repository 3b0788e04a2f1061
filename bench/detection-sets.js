// The labelled public sets the scanner's detection is measured on, and the measurement itself.
// Shared by `npm run bench:detection` (built code) and test/scan/detection-thresholds.test.ts
// (source), which injects how a folder is scanned.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const SECURITY_RULE = /^S0\d\d$/;
/** The source's `_expected.json` label files are ground truth, not skill content: never scanned. */
export const SCAN_PATHS = ['**', '!**/_expected.json'];

/** Every folder under `root` that holds a SKILL.md (explicit stack: no recursion). */
function skillFolders(root) {
  const found = [];
  const stack = [root];
  while (stack.length) {
    const dir = stack.pop();
    const names = readdirSync(dir);
    if (names.includes('SKILL.md')) found.push(dir);
    for (const n of names) if (statSync(join(dir, n)).isDirectory()) stack.push(join(dir, n));
  }
  return found.sort();
}

/**
 * The labelled sets: cisco's malicious and safe samples (labels.json says how much of each
 * sample's signal survives in the copied files) and four benign sets of real skills.
 */
export function labelledSets(corpus) {
  const labels = JSON.parse(readFileSync(join(corpus, 'labels.json'), 'utf8'));
  const benign = (name, root) => ({
    name,
    samples: skillFolders(join(corpus, root)).map((dir) => ({
      id: relative(join(corpus, root), dir),
      dir,
      label: 'benign',
      signal: 'n/a',
    })),
  });
  return [
    {
      name: 'cisco',
      samples: labels.samples.map((s) => ({
        id: s.sample.replace('skills-malicious/cisco/evals/', ''),
        dir: join(corpus, s.sample),
        label: s.label,
        signal: s.signal_in_copied_files,
      })),
    },
    benign('anthropics', 'skills-benign/anthropics'),
    benign('wshobson-agents', 'skills-benign/wshobson-agents'),
    benign('ComposioHQ-awesome-claude-skills', 'skills-benign/ComposioHQ-awesome-claude-skills'),
    benign('oh-my-copilot', 'real/oh-my-copilot/.github/skills'),
  ];
}

/** Security findings of one folder → which rules fired at which level. */
function summariseFindings(findings) {
  const security = findings.filter((f) => SECURITY_RULE.test(f.ruleId));
  const rulesAt = (level) => [...new Set(security.filter((f) => f.level === level).map((f) => f.ruleId))].sort();
  const high = security.filter((f) => f.level === 'HIGH').map((f) => `${f.file}:${f.line} ${f.ruleId} ${f.message}`);
  return { high: rulesAt('HIGH'), medium: rulesAt('MEDIUM'), highFindings: high };
}

const ratio = (xs, f) => ({ n: xs.filter(f).length, of: xs.length });

/**
 * Scans every sample with `scanDir(dir) → Finding[]` and counts, per set: malicious samples
 * with a HIGH or MEDIUM, malicious with a HIGH (what fails a pull request), and benign or safe
 * samples with a HIGH; per rule, how many samples of each label it gave a HIGH or MEDIUM.
 */
export async function measureDetection(corpus, scanDir) {
  const sets = [];
  for (const set of labelledSets(corpus)) {
    const rows = [];
    for (const s of set.samples) rows.push({ ...s, ...summariseFindings(await scanDir(s.dir)) });
    const malicious = rows.filter((r) => r.label === 'malicious');
    const withSignal = malicious.filter((r) => r.signal === 'yes');
    const harmless = rows.filter((r) => r.label !== 'malicious');
    const perRule = {};
    for (const r of rows) {
      for (const [level, ids] of [
        ['HIGH', r.high],
        ['MEDIUM', r.medium],
      ]) {
        for (const id of ids) {
          const key = `${id} ${level}`;
          perRule[key] ??= { malicious: 0, benign: 0 };
          perRule[key][r.label === 'malicious' ? 'malicious' : 'benign']++;
        }
      }
    }
    sets.push({
      name: set.name,
      rows,
      perRule,
      summary: {
        maliciousFlagged: ratio(malicious, (r) => r.high.length + r.medium.length > 0),
        maliciousHigh: ratio(malicious, (r) => r.high.length > 0),
        signalFlagged: ratio(withSignal, (r) => r.high.length + r.medium.length > 0),
        signalHigh: ratio(withSignal, (r) => r.high.length > 0),
        harmlessHigh: ratio(harmless, (r) => r.high.length > 0),
        harmlessMedium: ratio(harmless, (r) => r.medium.length > 0),
      },
    });
  }
  return sets;
}
