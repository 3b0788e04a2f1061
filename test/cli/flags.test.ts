import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFlags, OUTPUT_FLAGS } from '../../src/cli/parse-flags.js';
import { UsageError } from '../../src/cli/cli-io.js';
import { runCli } from '../support/run-cli.js';
import { EXAMPLES, REPO_ROOT } from '../support/paths.js';

const OMX = join(EXAMPLES, 'omx-complete');
const SPEC = {
  usage: 'plangate x [dir]',
  maxPositionals: 1,
  flags: { ...OUTPUT_FLAGS, changed: { type: 'list' as const }, base: { type: 'string' as const } },
};

describe('one flag set across commands', () => {
  it('--json is --format json for check and gate alike', async () => {
    const check = await runCli(['check', OMX, '--json']);
    expect(check.code).toBe(0);
    expect(JSON.parse(check.stdout).result).toBe('pass');
    const gate = await runCli(['gate', OMX, '--labels', 'ralph', '--format', 'json']);
    expect(JSON.parse(gate.stdout)).toMatchObject({ result: 'pass', gateApplied: false, planningGate: 'unlocked' });
    const gateAlias = await runCli(['gate', OMX, '--labels', 'ralph', '--json']);
    expect(gateAlias.stdout).toBe(gate.stdout);
  });

  it('takes lists as repeated flags, commas or spaces', () => {
    expect(parseFlags(['--changed', 'a.ts', 'b.ts', '--base', 'main'], SPEC).values.changed).toEqual(['a.ts', 'b.ts']);
    expect(parseFlags(['--changed', 'a.ts', '--changed=b.ts'], SPEC).values.changed).toEqual(['a.ts', 'b.ts']);
    expect(parseFlags(['dir', '--changed', 'a.ts,b.ts'], SPEC)).toEqual({ values: { changed: ['a.ts,b.ts'] }, positionals: ['dir'] });
    expect(parseFlags(['--changed', 'a.ts', '--', 'dir'], SPEC)).toEqual({ values: { changed: ['a.ts'] }, positionals: ['dir'] });
    expect(parseFlags(['-h', 'dir'], SPEC)).toEqual({ values: { help: true }, positionals: ['dir'] });
  });

  it('--changed a b reaches the checks as two files', async () => {
    const config = join(REPO_ROOT, 'test/fixtures/layouts/omx');
    const result = await runCli(['check', config, '--changed', 'README.md', 'docs/x.md', '--json']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).gate).toBe('not-required');
    const code = await runCli(['check', config, '--changed', 'README.md', 'src/export.ts', '--json']);
    expect(JSON.parse(code.stdout).gate).toBe('unlocked');
  });

  it('answers an unknown flag with a short usage line and exit 2, never Node parser text', async () => {
    for (const [command, flag] of [
      ['check', '--jsn'],
      ['gate', '--label'],
      ['init', '--yes'],
      ['baseline', '--reasons'],
      ['schema', '--out'],
    ]) {
      const result = await runCli([command!, flag!]);
      expect(result.code, `${command} ${flag}`).toBe(2);
      expect(result.stderr).toContain(`plangate ${command}: unknown option ${flag}\nUsage: plangate ${command}`);
      expect(result.stderr).not.toMatch(/ERR_PARSE_ARGS|TypeError|Unknown option '/);
      expect(result.stdout).toBe('');
    }
  });

  it('says what is wrong with a value: missing, twice, or not one of the choices', () => {
    const usage = (args: string[]) => {
      try {
        parseFlags(args, SPEC);
        return 'ok';
      } catch (error) {
        expect(error).toBeInstanceOf(UsageError);
        return (error as Error).message.split('\n')[0];
      }
    };
    expect(usage(['--base'])).toBe('option --base needs a value');
    expect(usage(['--changed'])).toBe('option --changed needs at least one value');
    expect(usage(['--json', '--format', 'text'])).toBe('--format was given twice (json and text)');
    expect(usage(['--json=yes'])).toBe('option --json takes no value');
    expect(usage(['a', 'b'])).toBe('too many arguments: a b');
    expect(usage(['--', '--not-a-flag'])).toBe('ok');
  });

  it('rejects a format a command does not print', async () => {
    const result = await runCli(['gate', OMX, '--labels', 'ralph', '--format', 'sarif']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--format must be one of text, json');
  });
});
