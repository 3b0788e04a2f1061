import { afterEach, describe, expect, it } from 'vitest';
import { RALPH_SPEC } from '../../src/cli/commands/ralph.js';
import { parseFlags } from '../../src/cli/parse-flags.js';
import { parseList } from '../../src/cli/parse-list.js';
import { AGENT_TEMPLATE, AgentFixture, ralphRepo } from '../ralph/ralph-harness.js';
import { runCli } from '../support/run-cli.js';

/** `plangate ralph` takes the flags every other command takes, through the one parser. */
const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));

describe('plangate ralph flags', () => {
  it('answers an unknown flag, a stray argument or a bad value with the usage line and exit 2, never Node parser text', async () => {
    for (const [args, message] of [
      [['--jsn'], 'unknown option --jsn'],
      [['--verify'], 'option --verify needs a value'],
      // Unquoted, a command's words would silently become two commands: an error instead.
      [['--verify', 'npm', 'test'], 'unexpected argument test'],
      [['--json', '--format', 'text'], '--format was given twice (json and text)'],
      [['--pass-env'], 'option --pass-env needs at least one value'],
    ] as const) {
      const result = await runCli(['ralph', ...args]);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toContain(`plangate ralph: ${message}\nUsage: plangate ralph --plan <prd.md>`);
      expect(result.stderr).not.toMatch(/ERR_PARSE_ARGS|TypeError|Unknown option '|Unexpected argument '/);
      expect(result.stdout).toBe('');
    }
    const format = await runCli(['ralph', '--format', 'sarif']);
    expect(format.code).toBe(2);
    expect(format.stderr).toContain('--format must be one of text, json (got "sarif")');
  });

  it('--verify keeps each command whole (spaces and commas), once per flag; --pass-env takes repeats, commas and spaces', () => {
    const { values } = parseFlags(
      ['--verify', 'node -e "f(1,2)"', '--verify=npm test -- --grep a,b', '--pass-env', 'A,B', 'C', '--pass-env=D'],
      RALPH_SPEC,
    );
    expect(values.verify).toEqual(['node -e "f(1,2)"', 'npm test -- --grep a,b']);
    expect(parseList(values['pass-env'] as string[])).toEqual(['A', 'B', 'C', 'D']);
  });

  it('a real run: --format json is --json, comma-listed --pass-env reaches the agent, a verify command with a comma runs verbatim', async () => {
    const repo = ralphRepo([{ id: 'US-1', title: 'Write x.txt', verify: ['test -f x.txt'] }]);
    const agent = new AgentFixture({ 'US-1': [{ write: { 'x.txt': 'x\n' } }] });
    cleanups.push(
      () => repo.cleanup(),
      () => agent.cleanup(),
    );
    const verify = 'node -e "process.exit([1,2].length === 2 ? 0 : 1)"';
    // The scripted agent reads its script from AGENT_SCRIPT: without both names passed, it cannot do the story.
    const args = [
      'ralph',
      '--plan',
      '.omx/plans/prd-demo.md',
      '--agent',
      AGENT_TEMPLATE,
      '--verify',
      verify,
      '--pass-env',
      'AGENT_SCRIPT,AGENT_LOG',
      '--format',
      'json',
    ];
    const result = await runCli(args, repo.dir, { ...process.env, ...agent.env });

    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ outcome: 'completed', iterations: 1, stories: [{ id: 'US-1', passes: true }] });
    expect(agent.entries()).toHaveLength(1);
    expect(result.stderr).toMatch(/baseline: 1\/1 verify command\(s\) pass/);
  });
});
