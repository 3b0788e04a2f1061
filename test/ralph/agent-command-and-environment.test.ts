import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AGENT_ENV_ALLOW_LIST, agentEnvironment } from '../../src/core/ralph/agent-environment.js';
import { bindAgentTemplate } from '../../src/core/ralph/bind-agent-template.js';

const bound = (template: string) => {
  const result = bindAgentTemplate(template);
  if (!result.ok) throw new Error(result.problem);
  return result.command;
};

describe('the agent command template', () => {
  it('puts a quoted reference to the value’s variable where each placeholder stands, quoted for its context', () => {
    expect(bound('agent --story {story_id} --prompt {prompt_file} -C {workdir}')).toBe(
      'agent --story "${PLANGATE_RALPH_STORY_ID}" --prompt "${PLANGATE_RALPH_PROMPT_FILE}" -C "${PLANGATE_RALPH_WORKDIR}"',
    );
    expect(bound('echo "working on {story_id}"')).toBe('echo "working on ${PLANGATE_RALPH_STORY_ID}"');
    expect(bound("echo 'working on {story_id}'")).toBe(`echo 'working on '"\${PLANGATE_RALPH_STORY_ID}"''`);
    expect(bound('codex exec "$(cat {prompt_file})"')).toBe('codex exec "$(cat "${PLANGATE_RALPH_PROMPT_FILE}")"');
    expect(bound('x=`cat {prompt_file}`')).toBe('x=`cat "${PLANGATE_RALPH_PROMPT_FILE}"`');
    expect(bound('echo \\"{story_id}\\" # not {story_id}')).toBe('echo \\""${PLANGATE_RALPH_STORY_ID}"\\" # not {story_id}');
  });

  it('refuses placeholders inside ${…} and $((…)) and templates with an unterminated quote', () => {
    expect(bindAgentTemplate('echo ${X:-{story_id}}')).toMatchObject({ ok: false, problem: expect.stringContaining('inside ${…}') });
    expect(bindAgentTemplate('echo $(( {story_id} + 1 ))')).toMatchObject({ ok: false, problem: expect.stringContaining('inside $((…))') });
    expect(bindAgentTemplate("echo '{story_id}")).toMatchObject({
      ok: false,
      problem: expect.stringContaining('unterminated single quote'),
    });
    expect(bindAgentTemplate('echo "$(cat {prompt_file}"')).toMatchObject({ ok: false, problem: expect.stringContaining('unterminated') });
  });

  it('gives the shell exactly the value, as one word, in every context, whatever the value holds', () => {
    const template = [
      `printf '[%s]' {story_id}`,
      `printf '[%s]' "{story_id}"`,
      `printf '[%s]' '{story_id}'`,
      `printf '[%s]' "$(printf %s {story_id})"`,
      'printf \'[%s]\' "`printf %s {story_id}`"',
    ].join('; ');
    const command = bound(template);
    fc.assert(
      fc.property(
        fc
          .string({
            unit: fc.constantFrom('$', '(', ')', '`', '"', "'", '\\', ';', ' ', '*', '\n', 'a', '{', '}', '|', '&'),
            minLength: 1,
            maxLength: 12,
          })
          .filter((v) => !v.endsWith('\n')),
        (value) => {
          const out = execFileSync('sh', ['-c', command], {
            env: { PATH: process.env.PATH ?? '', PLANGATE_RALPH_STORY_ID: value },
            encoding: 'utf8',
          });
          expect(out).toBe(`[${value}]`.repeat(5));
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('the agent environment', () => {
  const source = {
    PATH: '/bin',
    HOME: '/home/r',
    LC_ALL: 'C',
    CI: 'true',
    GITHUB_REPOSITORY: 'a/b',
    GITHUB_TOKEN: 't',
    GITHUB_ENV: '/f',
    GH_PAT: 'p',
    DATABASE_URL: 'postgres://u:pw@h/d',
    SSH_AUTH_SOCK: '/s',
    'INPUT_GITHUB-TOKEN': 'i',
    ACTIONS_RUNTIME_TOKEN: 'a',
    OPENAI_API_KEY: 'k',
    UNSET: undefined,
  };

  it('is the allow-list and the names the operator gives, nothing else', () => {
    expect(agentEnvironment(source, ['OPENAI_API_KEY', 'NOT_SET'])).toEqual({
      env: { PATH: '/bin', HOME: '/home/r', LC_ALL: 'C', CI: 'true', GITHUB_REPOSITORY: 'a/b', OPENAI_API_KEY: 'k' },
      refused: [],
    });
    for (const name of [
      'GITHUB_TOKEN',
      'GITHUB_ENV',
      'GITHUB_OUTPUT',
      'GITHUB_PATH',
      'GITHUB_STATE',
      'GITHUB_STEP_SUMMARY',
      'GITHUB_EVENT_PATH',
      'SSH_AUTH_SOCK',
    ])
      expect(AGENT_ENV_ALLOW_LIST).not.toContain(name);
  });

  it('never passes the runner’s ACTIONS_* or the Action’s INPUT_* values, even when named', () => {
    expect(agentEnvironment(source, ['ACTIONS_RUNTIME_TOKEN', 'INPUT_GITHUB-TOKEN', 'GH_PAT'])).toEqual({
      env: { PATH: '/bin', HOME: '/home/r', LC_ALL: 'C', CI: 'true', GITHUB_REPOSITORY: 'a/b', GH_PAT: 'p' },
      refused: ['ACTIONS_RUNTIME_TOKEN', 'INPUT_GITHUB-TOKEN'],
    });
  });

  it('compares names case-insensitively on Windows only', () => {
    expect(agentEnvironment({ Path: 'C:\\\\bin', SystemRoot: 'C:\\\\Windows' }, [], { windows: true }).env).toEqual({
      Path: 'C:\\\\bin',
      SystemRoot: 'C:\\\\Windows',
    });
    expect(agentEnvironment({ Path: '/bin' }, []).env).toEqual({});
  });
});
