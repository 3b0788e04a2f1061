/**
 * Names never passed to the agent or the verify commands unless `ralph.passEnv` lists them:
 * GitHub tokens, anything that looks like a token, secret, key or password, the runner's
 * own `ACTIONS_*` credentials, and the Action's `INPUT_*` values (`INPUT_GITHUB-TOKEN`).
 */
const WITHHELD = [
  /^GITHUB_TOKEN$/i,
  /^GH_TOKEN$/i,
  /^ACTIONS_/i,
  /^INPUT_/i,
  /[_-](?:TOKEN|SECRET|KEY|PASSWORD|PASSWD|CREDENTIALS?)$/i,
  /^(?:TOKEN|SECRET|PASSWORD)$/i,
];

export function isWithheldEnvName(name: string): boolean {
  return WITHHELD.some((re) => re.test(name));
}

/** The environment for child processes: the runner's own minus token-like names, plus `extra`. */
export function childEnvironment(
  env: Record<string, string | undefined>,
  passEnv: readonly string[],
  extra: Record<string, string> = {},
): Record<string, string> {
  const allowed = new Set(passEnv);
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) continue;
    if (isWithheldEnvName(name) && !allowed.has(name)) continue;
    out[name] = value;
  }
  return { ...out, ...extra };
}
