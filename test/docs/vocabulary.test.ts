import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeFinding } from '../../src/core/finding.js';
import { toJsonReport } from '../../src/render/json.js';
import { GATE_WORDS } from '../../src/render/verdict.js';
import { REPO_ROOT } from '../support/paths.js';
import { scanReport } from '../support/scan-report.js';

const read = (file: string) => readFileSync(join(REPO_ROOT, file), 'utf8');

/** The rows of the markdown table under `## <heading>`, as cells. */
function tableUnder(text: string, heading: string): string[][] {
  const section = text.split(`## ${heading}\n`)[1]!.split('\n## ')[0]!;
  return section
    .split('\n')
    .filter((l) => l.startsWith('| ') && !l.startsWith('|---'))
    .slice(1)
    .map((l) =>
      l
        .slice(2, -2)
        .split(' | ')
        .map((c) => c.trim()),
    );
}

describe('docs/vocabulary.md is the table the renderers use', () => {
  it('maps every planning-gate state to the words every output says, and no other', () => {
    const rows = tableUnder(read('docs/vocabulary.md'), 'The planning gate');
    const documented = Object.fromEntries(rows.map(([state, machine, words]) => [state, { machine, words }]));
    expect(Object.keys(documented).sort()).toEqual(Object.keys(GATE_WORDS).sort());
    for (const [state, words] of Object.entries(GATE_WORDS)) {
      expect(documented[state]!.machine).toBe(`\`${state}\``);
      expect(documented[state]!.words).toBe(`\`${words}\``);
    }
  });

  it('the JSON contract, the Action outputs and action.yml list the same states', () => {
    const states = Object.keys(GATE_WORDS);
    expect(read('docs/cli.md')).toContain(`"gate": "${states.join('|')}"`);
    expect(read('docs/action.md')).toContain(`| \`gate\` | ${states.map((s) => `\`${s}\``).join(', ')} ([vocabulary.md](vocabulary.md)) |`);
    expect(read('action.yml')).toContain(`The planning gate — ${states.slice(0, -1).join(', ')} or ${states.at(-1)} (docs/vocabulary.md).`);
  });
});

describe('docs/cli.md shows the JSON the code writes', () => {
  it('names exactly the keys of a report and of a finding', () => {
    const block = read('docs/cli.md').split('### JSON')[1]!.split('```json\n')[1]!.split('\n```')[0]!;
    const example = JSON.parse(block.replace(/\.\.\./g, '')) as Record<string, unknown> & { findings: Record<string, unknown>[] };
    const finding = makeFinding({
      check: 'scan',
      ruleId: 'S001',
      severity: 'error',
      level: 'HIGH',
      file: 'skills/x/SKILL.md',
      line: 3,
      column: 1,
      endLine: 3,
      endColumn: 9,
      message: 'm',
      help: 'h',
      signals: ['download', 'execute'],
      fingerprintKey: 'k',
    });
    const report = scanReport([finding], 1);
    report.setup = {
      configOrigin: 'x',
      configFile: '.github/plangate.yml',
      presets: [],
      nearMisses: [],
      discovered: '',
      skills: { count: 0, roots: [] },
      agentFiles: 0,
      instructionFiles: 0,
    };
    const json = toJsonReport(report) as Record<string, unknown> & { findings: Record<string, unknown>[] };
    expect(Object.keys(example)).toEqual(Object.keys(json));
    const optional = ['endLine', 'endColumn'];
    expect(Object.keys(example.findings[0]!)).toEqual(Object.keys(json.findings[0]!).filter((k) => !optional.includes(k)));
  });
});
