#!/usr/bin/env node
// Deterministic synthetic repositories for benchmarks: `node bench/generate.js S|M|L <outdir> [seed]`.
import { mkdirSync, writeFileSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const SIZES = {
  S: { skills: 50, tasks: 200, plans: 5, chain: 100 },
  M: { skills: 1000, tasks: 10000, plans: 100, chain: 5000 },
  L: { skills: 10000, tasks: 100000, plans: 1000, chain: 10000 },
};

function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS =
  'plan agent skill review test verify branch commit merge graph task story criteria spec prompt context tool shell build lint docs release deploy config schema report finding gate label issue workflow runner cache token output input file path module package version change diff patch record approve'.split(
    ' ',
  );

function sentence(r, n) {
  const words = [];
  for (let i = 0; i < n; i++) words.push(WORDS[Math.floor(r() * WORDS.length)]);
  const s = words.join(' ');
  return s.charAt(0).toUpperCase() + s.slice(1) + '.';
}

function paragraph(r, sentences) {
  return Array.from({ length: sentences }, () => sentence(r, 8 + Math.floor(r() * 10))).join(' ');
}

function skillMarkdown(r, name, targetBytes) {
  const parts = [
    '---',
    `name: ${name}`,
    `description: ${sentence(r, 12)}`,
    'allowed-tools: Read, Grep, Glob',
    '---',
    '',
    `# ${name}`,
    '',
    paragraph(r, 4),
    '',
    '## Usage',
    '',
    `Run \`npm test -- ${name}\` before you commit, then read \`docs/${name}.md\`.`,
    '',
    '```bash',
    'npm ci',
    `npx vitest run test/${name}.test.ts`,
    'git status --short',
    '```',
    '',
  ];
  let text = parts.join('\n');
  let section = 0;
  while (text.length < targetBytes) {
    section++;
    text += `\n## Step ${section}\n\n${paragraph(r, 5)}\n\n- ${sentence(r, 9)}\n- ${sentence(r, 7)}\n- [ ] ${sentence(r, 6)}\n`;
    if (section % 3 === 0)
      text += `\n\`\`\`ts\nexport function step${section}(input: string): string {\n  return input.trim();\n}\n\`\`\`\n`;
  }
  return text;
}

function script(r, name, targetBytes) {
  let text = `#!/usr/bin/env bash\nset -euo pipefail\n# ${name}: helper script\n`;
  let i = 0;
  while (text.length < targetBytes) {
    i++;
    text += `echo "step ${i}: ${sentence(r, 6)}"\nls -la "\${TMPDIR:-/tmp}" > /dev/null\n`;
  }
  return text;
}

export function generate(size, outDir, seed = 42) {
  const spec = SIZES[size];
  if (!spec) throw new Error(`unknown size ${size} (S, M or L)`);
  const r = rng(seed);
  const write = (rel, content) => {
    const full = join(outDir, rel);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, content);
  };
  // About 6 KB of markdown and scripts per skill, so L is ≈ 60 MB.
  const skills = [];
  for (let i = 0; i < spec.skills; i++) {
    const name = `skill-${String(i).padStart(5, '0')}`;
    skills.push(name);
    write(`.github/skills/${name}/SKILL.md`, skillMarkdown(r, name, 3500 + Math.floor(r() * 1500)));
    if (i % 2 === 0) write(`.github/skills/${name}/references/guide.md`, skillMarkdown(r, `${name}-guide`, 1200));
    if (i % 4 === 0) write(`.github/skills/${name}/scripts/run.sh`, script(r, name, 1500));
  }
  write(
    'catalog/skills-general.json',
    JSON.stringify(
      {
        schemaVersion: 1,
        canonicalRoot: '.github/skills',
        commandPrefix: '/',
        skills: skills.map((name) => ({
          name,
          capabilityId: name,
          capabilityIds: [name],
          source: `.github/skills/${name}/SKILL.md`,
          sourcePath: `.github/skills/${name}/SKILL.md`,
          canonicalPath: `.github/skills/${name}/SKILL.md`,
          description: `The ${name} skill.`,
          summary: `The ${name} skill.`,
          support: 'project-skill',
          aliases: [],
          slashCommands: [name],
          projections: { copilot: { command: `/${name}`, state: 'supported' } },
          projection: 'project-skill',
          phase1: true,
        })),
      },
      null,
      2,
    ),
  );
  write(
    'catalog/capabilities.json',
    JSON.stringify(
      {
        schemaVersion: 1,
        providerStates: ['native', 'handoff', 'stub', 'unsupported'],
        compatProviderStates: ['supported', 'fallback', 'unsupported'],
        capabilities: skills.map((name) => ({
          id: name,
          name,
          title: name,
          category: 'general',
          summary: `The ${name} skill.`,
          notes: '',
          defaultCommand: name,
          phase1: true,
          sourceSkill: name,
          providers: { copilot: 'supported' },
          support: { copilot: 'native' },
          providerSupport: { copilot: { state: 'native', notes: '' } },
        })),
      },
      null,
      2,
    ),
  );
  // Tasks: one long dependency chain plus a parent/child forest; everything consistent.
  const tasks = [];
  for (let i = 0; i < spec.tasks; i++) {
    const task = { id: `T${i}`, title: `Task ${i}: ${sentence(r, 5)}`, status: i < spec.tasks * 0.8 ? 'done' : 'todo' };
    if (i > 0 && i < spec.chain) task.dependsOn = [`T${i - 1}`];
    else if (i >= spec.chain && i % 7 === 0) task.dependsOn = [`T${Math.floor(r() * spec.chain)}`];
    tasks.push(task);
  }
  write('.ralph/tasks.json', JSON.stringify({ version: 2, tasks, mutationCount: spec.tasks }, null, 2));
  write('.ralph/prd.md', `# Objective\n\n${paragraph(r, 3)}\n`);
  for (let i = 0; i < spec.plans; i++) {
    const ts = `2026${String(1 + (i % 12)).padStart(2, '0')}${String(1 + (i % 28)).padStart(2, '0')}T${String(i % 24).padStart(2, '0')}0000Z`;
    const slug = `feature-${i}`;
    write(
      `.omx/plans/prd-${ts}-${slug}.md`,
      `# PRD ${slug}\n\n${paragraph(r, 4)}\n\n## Acceptance criteria\n\n- [ ] ${sentence(r, 8)}\n- [ ] ${sentence(r, 9)}\n`,
    );
    write(
      `.omx/plans/test-spec-${ts}-${slug}.md`,
      `# Test spec ${slug}\n\n${paragraph(r, 3)}\n\n## Verification\n\n\`\`\`bash\nnpm test\n\`\`\`\n`,
    );
  }
  write('README.md', `# Synthetic ${size} repository (seed ${seed})\n`);
}

/** Generates once per size and seed; later calls reuse the directory. */
export function ensureRepo(size, baseDir, seed = 42) {
  const dir = join(baseDir, `${size}-${seed}`);
  const stamp = join(dir, '.generated');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === `${size}:${seed}:v1`) return dir;
  rmSync(dir, { recursive: true, force: true });
  generate(size, dir, seed);
  writeFileSync(stamp, `${size}:${seed}:v1`);
  return dir;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [size, out, seed] = process.argv.slice(2);
  if (!size || !out) {
    console.error('usage: node bench/generate.js S|M|L <outdir> [seed]');
    process.exit(2);
  }
  generate(size, out, seed ? Number(seed) : 42);
}
