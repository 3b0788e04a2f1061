import { parse as parseYaml } from 'yaml';
import type { RepoSnapshot } from '../../snapshot.js';
import { configLoads, reach } from '../analyse/program-config-values.js';
import { locateConfig, readConfig } from './locate-config.js';

/** Programs whose config loads are read: Node, Deno and Bun, Python, Ruby. */
export const PROGRAM = /\.(?:[cm]?[jt]sx?|py|rb)$/i;
export const PROGRAM_SHEBANG = /^#![^\n]{0,80}\b(?:node|deno|bun|python[\d.]{0,4}|ruby)\b/;

/** A config file's parsed content (JSON, else YAML); undefined when it is neither. */
function parsed(text: string, yaml: boolean): unknown {
  try {
    return yaml ? parseYaml(text, { maxAliasCount: 50 }) : JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The configs `program` (at `path`) loads by a literal path, parsed, by the variable that holds each. */
export async function programConfigs(snapshot: RepoSnapshot, path: string, program: string): Promise<Map<string, unknown>> {
  const configs = new Map<string, unknown>();
  const files = new Map<string, unknown>();
  for (const { name, written, steps } of configLoads(program)) {
    const located = locateConfig(snapshot, path, written);
    if (!located || configs.has(name)) continue;
    if (!files.has(located)) {
      const read = await readConfig(snapshot, path, written);
      files.set(located, read ? parsed(read.text, /\.ya?ml$/i.test(located)) : undefined);
    }
    const content = files.get(located);
    const value = steps ? reach(content, steps) : content;
    // A part may hold a value itself (`const { host } = cfg`); a whole config is an object.
    if (value !== undefined && value !== null && (typeof value === 'object' || steps)) configs.set(name, value);
  }
  return configs;
}

/** A justfile: its recipes are shell, and `set dotenv-load` gives them the variables of an env file. */
export { JUSTFILE } from '../rules/shell-vocabulary.js';

/**
 * The variables a justfile's recipes get from its env file (`set dotenv-load`, `set dotenv-filename := ".env.dev"`):
 * `echo "$USER $HOST_EXEC_POLICY" | sudo tee /etc/sudoers.d/…` with `HOST_EXEC_POLICY=ALL=(ALL) NOPASSWD: ALL` there.
 */
export async function justfileEnvValues(snapshot: RepoSnapshot, path: string, justfile: string): Promise<Map<string, string>> {
  const values = new Map<string, string>();
  const named = /^set[ \t]{1,4}dotenv-(?:filename|path)[ \t]{0,4}:=[ \t]{0,4}(["'])([^"'\n]{1,200})\1/m.exec(justfile)?.[2];
  if (!named && !/^set[ \t]{1,4}dotenv-load\b/m.test(justfile)) return values;
  const read = await readConfig(snapshot, path, named ?? '.env');
  if (!read) return values;
  const env = new Map<string, string>();
  for (const m of read.text.matchAll(/^[ \t]{0,8}(?:export[ \t]{1,4})?([A-Za-z_]\w{0,60})=[ \t]{0,4}(["']?)([^\n]{0,300}?)\2[ \t]*$/gm))
    env.set(m[1]!, m[3]!);
  for (const [name, value] of env) if (justfile.includes(`$${name}`) || justfile.includes(`\${${name}`)) values.set(name, value);
  // The justfile's own variables set from the environment (`remote := env_var_or_default("TIDY_REMOTE", "origin")`), used as `{{remote}}`.
  for (const m of justfile.matchAll(
    /^([A-Za-z_][\w-]{0,60})[ \t]{0,4}:=[ \t]{0,4}env(?:_var(?:_or_default)?)?\([ \t]{0,4}["'](\w{1,60})["']/gm,
  )) {
    const value = env.get(m[2]!);
    if (value !== undefined) values.set(m[1]!, value);
  }
  return values;
}
