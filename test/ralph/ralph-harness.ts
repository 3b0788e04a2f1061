import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../src/cli/main.js';
import { REPO_ROOT } from '../support/paths.js';
import { TempGitRepo } from '../support/temp-git-repo.js';

export const FIXTURES = join(REPO_ROOT, 'test/fixtures/ralph');
export const AGENT = join(FIXTURES, 'agent.mjs');
/** The agent template every test uses: the scripted agent with the prompt file and story id. */
export const AGENT_TEMPLATE = `node ${AGENT} {prompt_file} {story_id}`;
/** The agent's environment is an allow-list: the scripted agent's own variables are named, as an operator would. */
export const AGENT_PASS_ENV = ['AGENT_SCRIPT', 'AGENT_LOG'];

export interface AgentLogEntry {
  story: string;
  attempt: number;
  iteration: number;
  pid: number;
  promptMentionsStory: boolean;
  promptMentionsPreviousMiss: boolean;
  sawSecrets: string[];
  passedEnv: boolean;
}

export type AgentStep = { write?: Record<string, string>; delete?: string[]; exit?: number; sleepMs?: number; tamperState?: boolean };
export type AgentScript = Record<string, AgentStep[]>;

export interface PrdStorySpec {
  id: string;
  title?: string;
  verify?: string[];
  priority?: number;
  passes?: boolean;
}

/** A prd.json sidecar in the oh-my-claudecode shape, with plangate's per-story verify[]. */
export function prdJson(stories: PrdStorySpec[]): string {
  return `${JSON.stringify(
    {
      project: 'demo',
      branchName: 'ralph/demo',
      description: 'A demo plan for the ralph runner tests',
      userStories: stories.map((s, i) => ({
        id: s.id,
        title: s.title ?? `Story ${s.id}`,
        description: `As a maintainer I want ${s.id} done.`,
        acceptanceCriteria: [`${s.id}: the file the story names exists after the run`],
        priority: s.priority ?? i + 1,
        passes: s.passes ?? false,
        ...(s.verify ? { verify: s.verify } : {}),
      })),
    },
    null,
    2,
  )}\n`;
}

export const PRD_MD = `# PRD: demo

The demo plan: a few files written by an agent, each checked by a command.

## Acceptance criteria
- [ ] every story's file exists
`;

export const TEST_SPEC_MD = `# Test spec: demo

## Commands

\`\`\`bash
node check.js
\`\`\`
`;

/** `check.js` passes while lib.js still exports 42: an agent that breaks lib.js breaks it. */
export const CHECK_JS = `const v = require('./lib.js');\nif (v !== 42) { console.error('lib.js must export 42, got ' + v); process.exit(1); }\nconsole.log('ok');\n`;

/** A temp git repo holding an omx plan (PRD + test spec + prd.json sidecar) and check.js/lib.js. */
export function ralphRepo(stories: PrdStorySpec[], extra: Record<string, string> = {}, prefix = 'plangate-ralph-'): TempGitRepo {
  const repo = new TempGitRepo(prefix);
  repo.write({
    '.omx/plans/prd-demo.md': PRD_MD,
    '.omx/plans/test-spec-demo.md': TEST_SPEC_MD,
    '.omx/plans/prd-demo.json': prdJson(stories),
    'check.js': CHECK_JS,
    'lib.js': 'module.exports = 42;\n',
    'package.json': '{ "name": "demo", "private": true, "type": "commonjs" }\n',
    ...extra,
  });
  repo.commit('plan');
  return repo;
}

/** Where the scripted agent keeps its script and its own log (outside the repo, so git status stays clean). */
export class AgentFixture {
  readonly dir = mkdtempSync(join(tmpdir(), 'plangate-agent-'));
  readonly scriptPath = join(this.dir, 'script.json');
  readonly logPath = join(this.dir, 'agent-log.jsonl');

  constructor(script: AgentScript) {
    this.setScript(script);
  }

  setScript(script: AgentScript): void {
    writeFileSync(this.scriptPath, JSON.stringify(script));
  }

  get env(): Record<string, string> {
    return { AGENT_SCRIPT: this.scriptPath, AGENT_LOG: this.logPath };
  }

  entries(): AgentLogEntry[] {
    if (!existsSync(this.logPath)) return [];
    return readFileSync(this.logPath, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as AgentLogEntry);
  }

  cleanup(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

export interface RalphCliRun {
  code: number;
  stdout: string;
  stderr: string;
  json: RalphJson;
}

export interface RalphJson {
  outcome: string;
  iterations: number;
  stories: { id: string; title: string; passes: boolean; attempts: number }[];
  runId: string;
  reason?: string;
}

/** `plangate ralph … --json` in-process, with the agent's script and log in the environment. */
export async function runRalphCli(args: string[], cwd: string, env: Record<string, string> = {}): Promise<RalphCliRun> {
  let stdout = '';
  let stderr = '';
  const passEnv = AGENT_PASS_ENV.flatMap((name) => ['--pass-env', name]);
  const code = await main(['ralph', ...args, ...passEnv, '--json'], {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    stdoutIsTTY: false,
    stderrIsTTY: false,
    cwd,
    env: { ...process.env, ...env },
  });
  let json = {} as RalphJson;
  try {
    json = JSON.parse(stdout) as RalphJson;
  } catch {
    // Usage errors print no result; tests assert on the code and stderr.
  }
  return { code, stdout, stderr, json };
}

export function readState(
  repoDir: string,
  runId: string,
): Record<string, unknown> & { iterations: number; outcome?: string; stories: { id: string; passes: boolean; attempts: number }[] } {
  return JSON.parse(readFileSync(join(repoDir, '.plangate/ralph', runId, 'state.json'), 'utf8'));
}

export function readEvents(repoDir: string, runId: string): { type: string; [key: string]: unknown }[] {
  return readFileSync(join(repoDir, '.plangate/ralph', runId, 'events.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
}
