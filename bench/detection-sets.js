// The labelled sets the scanner's detection is measured on, and the measurement itself. Shared by
// `npm run bench:detection` (built code) and test/scan/detection-thresholds.test.ts (source), which
// inject how a sample is scanned.
//
// Three kinds of set, reported separately and never added up:
// - training: the public benchmarks in test/fixtures/corpus/training (labels.json per file, with
//   provenance); the rules may be learned from them, so their figures are in-sample.
// - blind: batches written by people who had not read the rules, each sample a tiny repository root
//   (`<batch>/<part>/samples/<id>/`, labels in `<part>/labels.json`); only these figures are quoted
//   as detection quality. The first batch of each round is kept as a regression set
//   (test/fixtures/scan-blind/); later batches are measured from outside with `--blind <dir>`.
// - real benign: skill folders of real repositories (test/fixtures/corpus), which must stay quiet.
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';

const SECURITY_RULE = /^S0\d\d$/;
/** The cisco source's `_expected.json` label files are ground truth, not skill content: never scanned. */
export const SCAN_PATHS = ['**', '!**/_expected.json'];

function listFiles(root) {
  const found = [];
  const stack = [root];
  while (stack.length) {
    const dir = stack.pop();
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) stack.push(full);
      else found.push(full);
    }
  }
  return found.sort();
}

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
 * Where a training file sits in the repository it is scanned as: SkillFortifyBench samples keep
 * their layout under the sample folder (`.claude/skills/x/SKILL.md`, `.mcp.json`); a loose skill
 * file of the other benchmarks is a SKILL.md of its own folder.
 */
function trainingPath(path) {
  const sample = /\/(?:claude|mcp|openclaw)\/(?:benign|malicious)\/[^/]+\/(.+)$/.exec(path);
  if (sample) return sample[1];
  if (path.includes('NVIDIA+SkillSpector')) return `skills/${basename(dirname(path))}/${basename(path)}`;
  return `skills/${basename(path, '.md')}/SKILL.md`;
}

/** A training sample's class: its first attack category, or for benign files the benchmark it comes from. */
function trainingClass(entry) {
  if (entry.label === 'malicious') return entry.categories[0] ?? 'uncategorised';
  if (entry.source.startsWith('qualixar')) return 'skillfortify';
  if (entry.source.startsWith('NVIDIA')) return 'skillspector';
  return /skills-sh|mcp-official/.test(entry.source) ? 'real skills (skills.sh, MCP)' : 'agent-threat-rules stubs';
}

/** The training benchmarks: one sample per labelled file. */
export function trainingSet(corpus) {
  const dir = join(corpus, 'training');
  const labels = JSON.parse(readFileSync(join(dir, 'labels.json'), 'utf8'));
  return {
    name: 'training',
    kind: 'training',
    samples: labels.map((entry) => ({
      id: entry.path,
      label: entry.label,
      class: trainingClass(entry),
      files: { [trainingPath(entry.path)]: join(dir, entry.path) },
    })),
  };
}

/** A blind batch: every `<part>/labels.json` under `dir`, each sample a repository root. */
export function blindSet(name, dir) {
  const parts = existsSync(join(dir, 'labels.json')) ? [''] : readdirSync(dir).filter((p) => existsSync(join(dir, p, 'labels.json')));
  const samples = [];
  for (const part of parts.sort()) {
    for (const entry of JSON.parse(readFileSync(join(dir, part, 'labels.json'), 'utf8'))) {
      const root = join(dir, part, 'samples', entry.id);
      const files = {};
      for (const file of listFiles(root)) files[relative(root, file).split('\\').join('/')] = file;
      samples.push({ id: part ? `${part}/${entry.id}` : entry.id, label: entry.label, class: entry.class, surface: entry.surface, files });
    }
  }
  return { name, kind: 'blind', samples };
}

/** The blind batches kept in the repository (test/fixtures/scan-blind/<round>). */
export function keptBlindSets(blindRoot) {
  if (!existsSync(blindRoot)) return [];
  return readdirSync(blindRoot)
    .filter((d) => statSync(join(blindRoot, d)).isDirectory())
    .sort()
    .map((d) => blindSet(`blind ${d}`, join(blindRoot, d)));
}

/** Skill folders of real repositories (every file of the folder), all benign; cisco's labelled samples. */
export function realSets(corpus) {
  const labels = JSON.parse(readFileSync(join(corpus, 'labels.json'), 'utf8'));
  const folder = (dir) => Object.fromEntries(listFiles(dir).map((f) => [relative(dir, f).split('\\').join('/'), f]));
  const benign = (name, root) => ({
    name,
    kind: 'real',
    samples: skillFolders(join(corpus, root)).map((dir) => ({
      id: relative(join(corpus, root), dir),
      label: 'benign',
      class: name,
      files: folder(dir),
    })),
  });
  const sets = [
    {
      name: 'cisco',
      kind: 'real',
      samples: labels.samples.map((s) => ({
        id: s.sample.replace('skills-malicious/cisco/evals/', ''),
        label: s.label === 'malicious' ? 'malicious' : 'benign',
        class: s.label === 'malicious' ? `signal in copied files: ${s.signal_in_copied_files.split(':')[0]}` : 'safe',
        files: Object.fromEntries(Object.entries(folder(join(corpus, s.sample))).filter(([path]) => !path.endsWith('_expected.json'))),
      })),
    },
    benign('anthropics', 'skills-benign/anthropics'),
    benign('wshobson-agents', 'skills-benign/wshobson-agents'),
    benign('ComposioHQ-awesome-claude-skills', 'skills-benign/ComposioHQ-awesome-claude-skills'),
    benign('oh-my-copilot', 'real/oh-my-copilot/.github/skills'),
  ];
  const trailofbits = join(corpus, 'real/trailofbits-skills');
  if (existsSync(trailofbits)) sets.push(benign('trailofbits-skills', 'real/trailofbits-skills'));
  return sets;
}

/** Security findings of one sample → which rules fired at which level. */
function summariseFindings(findings) {
  const security = findings.filter((f) => SECURITY_RULE.test(f.ruleId));
  const rulesAt = (level) => [...new Set(security.filter((f) => f.level === level).map((f) => f.ruleId))].sort();
  const high = security.filter((f) => f.level === 'HIGH').map((f) => `${f.file}:${f.line} ${f.ruleId} ${f.message}`);
  return { high: rulesAt('HIGH'), medium: rulesAt('MEDIUM'), highFindings: high };
}

const ratio = (rows, f) => ({ n: rows.filter(f).length, of: rows.length });

/** Per class (and `all`): malicious with a HIGH, benign with a HIGH, benign with a MEDIUM (and no HIGH). */
function byClass(rows) {
  const classes = new Map([['all', rows]]);
  for (const r of rows) classes.set(`${r.label}: ${r.class}`, [...(classes.get(`${r.label}: ${r.class}`) ?? []), r]);
  const out = [];
  for (const [name, members] of classes) {
    const malicious = members.filter((r) => r.label === 'malicious');
    const benign = members.filter((r) => r.label !== 'malicious');
    out.push({
      name,
      maliciousHigh: ratio(malicious, (r) => r.high.length > 0),
      maliciousFlagged: ratio(malicious, (r) => r.high.length + r.medium.length > 0),
      benignHigh: ratio(benign, (r) => r.high.length > 0),
      benignMedium: ratio(benign, (r) => r.high.length === 0 && r.medium.length > 0),
    });
  }
  return out.sort((a, b) => (a.name === 'all' ? -1 : b.name === 'all' ? 1 : a.name < b.name ? -1 : 1));
}

/**
 * Scans every sample of every set with `scanSample(files) → Finding[]` (`files`: repository path →
 * file on disk) and counts, per set and per class, what issue 23 is judged by.
 */
export async function measureDetection(sets, scanSample) {
  const out = [];
  for (const set of sets) {
    const rows = [];
    for (const s of set.samples) rows.push({ ...s, ...summariseFindings(await scanSample(s.files)) });
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
    out.push({ name: set.name, kind: set.kind, rows, perRule, classes: byClass(rows) });
  }
  return out;
}

/** Reads a sample's files into memory (repository path → bytes). */
export function readSample(files) {
  return Object.fromEntries(Object.entries(files).map(([path, file]) => [path, readFileSync(file)]));
}
