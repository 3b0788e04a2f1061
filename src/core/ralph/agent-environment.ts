/**
 * What the agent and the verify commands may see of the runner's environment without the
 * operator naming it: what a process needs to run (paths, locale, terminal, temp dirs, the
 * Windows basics), toolchain locations, and the CI context GitHub documents as non-secret. Not
 * here, on purpose: tokens of any kind, `ACTIONS_*`, `INPUT_*`, `SSH_AUTH_SOCK`, `GITHUB_TOKEN`,
 * the file commands (`GITHUB_ENV`, `GITHUB_OUTPUT`, `GITHUB_PATH`, `GITHUB_STATE`,
 * `GITHUB_STEP_SUMMARY`: writing them changes later steps and outputs) and the event payload.
 */
export const AGENT_ENV_ALLOW_LIST: readonly string[] = [
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'SHELL',
  'LANG',
  'LANGUAGE',
  'TZ',
  'TERM',
  'COLORTERM',
  'NO_COLOR',
  'TMPDIR',
  'TMP',
  'TEMP',
  'SYSTEMROOT',
  'SYSTEMDRIVE',
  'WINDIR',
  'COMSPEC',
  'PATHEXT',
  'USERPROFILE',
  'APPDATA',
  'LOCALAPPDATA',
  'PROGRAMDATA',
  'PROGRAMFILES',
  'PROGRAMFILES(X86)',
  'JAVA_HOME',
  'GOROOT',
  'GOPATH',
  'CARGO_HOME',
  'RUSTUP_HOME',
  'DOTNET_ROOT',
  'pythonLocation',
  'PKG_CONFIG_PATH',
  'CI',
  'GITHUB_ACTIONS',
  'GITHUB_ACTOR',
  'GITHUB_REPOSITORY',
  'GITHUB_REPOSITORY_OWNER',
  'GITHUB_SERVER_URL',
  'GITHUB_API_URL',
  'GITHUB_GRAPHQL_URL',
  'GITHUB_RUN_ID',
  'GITHUB_RUN_NUMBER',
  'GITHUB_RUN_ATTEMPT',
  'GITHUB_WORKFLOW',
  'GITHUB_JOB',
  'GITHUB_EVENT_NAME',
  'GITHUB_REF',
  'GITHUB_REF_NAME',
  'GITHUB_SHA',
  'GITHUB_HEAD_REF',
  'GITHUB_BASE_REF',
  'GITHUB_WORKSPACE',
  'RUNNER_OS',
  'RUNNER_ARCH',
  'RUNNER_NAME',
  'RUNNER_ENVIRONMENT',
  'RUNNER_TEMP',
  'RUNNER_TOOL_CACHE',
  'PLANGATE_MODE',
];
/** Locale categories (`LC_ALL`, `LC_CTYPE`, …). */
const ALLOWED_PREFIX = /^LC_[A-Z]+$/;
/** The runner's own credentials and the Action's inputs: never the agent's, even when named. */
const NEVER_PASSED = /^(?:ACTIONS_|INPUT_)/i;

export interface AgentEnvironment {
  env: Record<string, string>;
  /** Names the operator listed that are never passed (`ACTIONS_*`, `INPUT_*`). */
  refused: string[];
}

/**
 * The environment of the agent and the verify commands: the allow-list, plus exactly the names
 * the operator listed (`ralph.passEnv`, `--pass-env`, the Action's `pass-env`), plus the
 * runner's own `PLANGATE_RALPH_*` values. Names compare case-insensitively on Windows.
 */
export function agentEnvironment(
  source: Record<string, string | undefined>,
  passEnv: readonly string[],
  options: { windows?: boolean } = {},
): AgentEnvironment {
  const key = (name: string) => (options.windows ? name.toUpperCase() : name);
  const refused = passEnv.filter((name) => NEVER_PASSED.test(name));
  const named = new Set([...AGENT_ENV_ALLOW_LIST, ...passEnv.filter((name) => !NEVER_PASSED.test(name))].map(key));
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(source)) {
    if (value === undefined) continue;
    if (named.has(key(name)) || ALLOWED_PREFIX.test(name)) env[name] = value;
  }
  return { env, refused };
}
