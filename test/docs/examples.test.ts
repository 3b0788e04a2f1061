import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseConfigText } from '../../src/core/config/parse-config-text.js';
import { evaluate } from '../../src/core/evaluate.js';
import { exitCodeFor } from '../../src/core/report.js';
import { LocalDirSnapshot } from '../../src/sources/local-dir-snapshot.js';
import { EXAMPLES, REPO_ROOT } from '../support/paths.js';

const CONFIG_DIR = join(EXAMPLES, 'config');
const configs = readdirSync(CONFIG_DIR).filter((f) => f.endsWith('.yml'));
const SCHEMA_LINE = '# yaml-language-server: $schema=https://raw.githubusercontent.com/plangate/plangate/main/schema/plangate.schema.json';
const schema = JSON.parse(readFileSync(join(REPO_ROOT, 'schema/plangate.schema.json'), 'utf8'));
const validate = new Ajv2020({ allErrors: true, strict: false }).compile(schema);

async function check(example: string, configFile: string): Promise<0 | 1> {
  const snapshot = await LocalDirSnapshot.open(join(EXAMPLES, example));
  const result = await evaluate({
    snapshot,
    configText: readFileSync(join(CONFIG_DIR, configFile), 'utf8'),
    configFile: '.github/plangate.yml',
  });
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return exitCodeFor(result.report);
}

describe('examples/config', () => {
  it('holds a config for every layout, a skill collection and _extends', () => {
    expect(configs.sort()).toEqual(['extends.yml', 'omc.yml', 'omp.yml', 'omx.yml', 'ralphdex.yml', 'skill-collection.yml', 'spiral.yml']);
  });

  it.each(configs)('%s starts with the editor schema line and is valid against the published schema and the config parser', (file) => {
    const text = readFileSync(join(CONFIG_DIR, file), 'utf8');
    expect(text.split('\n')[0]).toBe(SCHEMA_LINE);
    expect(validate(parse(text)), JSON.stringify(validate.errors)).toBe(true);
    expect(parseConfigText(text, `examples/config/${file}`).problems).toEqual([]);
  });

  it.each([
    ['omx.yml', 'omx-complete', 0],
    ['omx.yml', 'omx-blocked', 1],
    ['omc.yml', 'omc', 0],
    ['spiral.yml', 'spiral', 0],
    ['ralphdex.yml', 'ralphdex', 0],
    ['omp.yml', 'omp', 0],
  ] as const)('%s on examples/%s exits %i', async (config, example, exit) => {
    expect(await check(example, config)).toBe(exit);
  });
});

describe('examples', () => {
  it('READMEs are markdown, not escaped strings', () => {
    for (const dir of readdirSync(EXAMPLES, { withFileTypes: true }).filter(
      (d) => d.isDirectory() && d.name !== 'workflows' && d.name !== 'config',
    )) {
      const readme = readFileSync(join(EXAMPLES, dir.name, 'README.md'), 'utf8');
      expect(readme, dir.name).not.toContain('\\n');
      expect(readme.split('\n').length, dir.name).toBeGreaterThan(3);
    }
  });

  it('the ralph workflow checks out without persisting the credential, and lists what the agent may see in pass-env', () => {
    const workflow = parse(readFileSync(join(EXAMPLES, 'workflows/plangate-ralph.yml'), 'utf8'));
    const steps = workflow.jobs.ralph.steps as { uses?: string; with?: Record<string, unknown> }[];
    const checkout = steps.find((s) => s.uses?.startsWith('actions/checkout@'));
    expect(checkout?.with?.['persist-credentials']).toBe(false);
    const ralph = steps.find((s) => s.with?.mode === 'ralph');
    expect(ralph?.with?.['pass-env']).toBe('OPENAI_API_KEY');
  });
});
