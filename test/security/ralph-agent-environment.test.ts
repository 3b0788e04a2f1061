import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ACTION_TOKEN, FAKE_SECRETS, findSecrets, hostileTemplate, tempDir } from '../ralph/hostile-agent.js';
import { ralphRepo, runRalphCli } from '../ralph/ralph-harness.js';

/**
 * Issue 13 §2: the agent received GH_PAT, DATABASE_URL (with a password), OPENAI_APIKEY,
 * NPM_CONFIG__AUTH and SSH_AUTH_SOCK — the environment filter was a deny-list. The agent and the
 * verify commands get an allow-list (system basics, non-secret CI context) plus what the
 * operator names.
 */
const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));

/** Names the agent may see here: the allow-list's (those set in this test process), the operator's, and what the shell sets itself. */
const ALLOWED =
  /^(?:PWD|OLDPWD|SHLVL|_|PATH|HOME|USER|LOGNAME|SHELL|LANG|LANGUAGE|LC_[A-Z_]+|TZ|TERM|TMPDIR|CI|GITHUB_ACTIONS|GITHUB_REPOSITORY|GITHUB_SERVER_URL|RUNNER_OS|RUNNER_ARCH|RUNNER_TEMP|PLANGATE_MODE|PLANGATE_RALPH_[A-Z_]+|OPENAI_APIKEY|AGENT_SCRIPT|AGENT_LOG)$/;

describe('the agent environment', () => {
  it('is an allow-list plus what the operator names: no token, password, key or socket reaches the agent or a verify command', async () => {
    const loot = tempDir('plangate-loot-', cleanups);
    const repo = ralphRepo([{ id: 'US-1', title: 'Write the done file', verify: ['test -f done-US-1.txt'] }]);
    cleanups.push(() => repo.cleanup());
    const env = {
      ...FAKE_SECRETS,
      'INPUT_GITHUB-TOKEN': ACTION_TOKEN,
      GITHUB_ENV: join(loot, 'github-env'),
      GITHUB_OUTPUT: join(loot, 'github-output'),
      SERVICE_URL: 'https://svc:MustNotLeak0011@svc.internal/',
      LANG: 'C.UTF-8',
      CI: 'true',
      GITHUB_REPOSITORY: 'acme/widgets',
      RUNNER_OS: 'Linux',
      PLANGATE_MODE: 'team',
    };
    const r = await runRalphCli(
      [
        '--plan',
        '.omx/plans/prd-demo.md',
        '--agent',
        hostileTemplate(loot, ['--dump-env']),
        '--verify',
        `env > ${loot}/verify-env.txt`,
        '--pass-env',
        'OPENAI_APIKEY',
      ],
      repo.dir,
      env,
    );
    expect(r.json.outcome, r.stderr).toBe('completed');

    const seen = JSON.parse(readFileSync(join(loot, 'agent-env.json'), 'utf8')) as Record<string, string>;
    expect(Object.keys(seen).filter((name) => !ALLOWED.test(name))).toEqual([]);
    expect(seen).toMatchObject({
      LANG: 'C.UTF-8',
      CI: 'true',
      GITHUB_REPOSITORY: 'acme/widgets',
      RUNNER_OS: 'Linux',
      PLANGATE_MODE: 'team',
      PLANGATE_RALPH_STORY_ID: 'US-1',
    });
    // What the operator named explicitly is passed, as it is.
    expect(seen.OPENAI_APIKEY).toBe(FAKE_SECRETS.OPENAI_APIKEY);
    const verifyEnv = readFileSync(join(loot, 'verify-env.txt'), 'utf8');
    expect(verifyEnv).toContain('PLANGATE_RALPH_RUN_ID=');
    expect(
      findSecrets(
        [loot],
        [
          'MustNotLeak0001',
          'MustNotLeak0002',
          'MustNotLeak0003',
          'MustNotLeak0004',
          'MustNotLeak0005',
          'MustNotLeak0007',
          'MustNotLeak0008',
          'MustNotLeak0009',
          'MustNotLeak0011',
        ],
      ),
    ).toEqual([]);
  });
});
