/**
 * A thing an agent client starts or calls on its own, read from a config file: an MCP server,
 * a hook, a settings command or variable. Every string keeps where its value starts in the file,
 * so findings point at the config line.
 */
export interface Located {
  value: string;
  /** File offset of the first character of the value (inside the quotes). */
  offset: number;
  /** The value as read from parts written in different places (`$npm_package_config_mirror` read as the config's value). */
  parts?: Located[];
}

export interface EnvEntry {
  key: Located;
  /** Undefined when the variable is forwarded by name (Codex `env_vars`). */
  value?: Located;
}

export interface LaunchEntry {
  /** `script`: a package.json script run by name (`npm run sync`), judged as the command it is. */
  kind: 'mcp-server' | 'hook' | 'setting' | 'script';
  /** Server name, hook event (`PreToolUse`), or settings key. */
  name: Located;
  /** File range of the entry: evidence is combined per entry. */
  start: number;
  end: number;
  /** Executable then arguments (stdio servers, hooks, settings commands). */
  command: Located[];
  /** Remote server address. */
  url?: Located;
  env: EnvEntry[];
  /** HTTP headers sent to a remote server. */
  headers: EnvEntry[];
}

export interface LaunchFile {
  entries: LaunchEntry[];
  /** Why the file could not be read as a launch config (reported as a notice), if so. */
  problem?: { offset: number; message: string };
  /** Server-map members past those read (not parsed into entries), and where the first starts: the file declares more than `entries`. */
  skipped?: { count: number; offset: number };
}

export function located(value: string, offset: number): Located {
  return { value, offset };
}

/** The MCP `env`/`headers` value and Codex `env_vars` name lists that look like secrets are judged by the rules; this is the shape they share. */
export function emptyEntry(kind: LaunchEntry['kind'], name: Located, start: number, end: number): LaunchEntry {
  return { kind, name, start, end, command: [], env: [], headers: [] };
}
