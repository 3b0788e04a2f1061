/** Where the CLI writes; tests pass buffers, `bin/plangate.js` passes the process streams. */
export interface CliIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  cwd: string;
  env: Record<string, string | undefined>;
}

export function processIO(): CliIO {
  return {
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
    stdoutIsTTY: Boolean(process.stdout.isTTY),
    stderrIsTTY: Boolean(process.stderr.isTTY),
    cwd: process.cwd(),
    env: process.env,
  };
}

/** Usage and config errors: exit code 2 with a message on stderr. */
export class UsageError extends Error {}
