import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, openSync, writeSync } from 'node:fs';

export interface RunCommandOptions {
  /** A shell command line (the operator's own template or a verify command). */
  command: string;
  cwd: string;
  env: Record<string, string>;
  timeoutMs: number;
  /** Output (stdout and stderr, interleaved) goes here. */
  logFile: string;
  /** Aborting kills the whole process group (SIGTERM, then SIGKILL after the grace period). */
  signal?: AbortSignal;
  /** Called with the child's pid once it runs (tests and logs). */
  onSpawn?: (pid: number) => void;
  killGraceMs?: number;
  maxLogBytes?: number;
}

export interface RunCommandResult {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  aborted: boolean;
  durationMs: number;
  /** The end of the output (for prompts and evidence). */
  outputTail: string;
  /** sha256 of exactly the bytes written to the log file (the runner's integrity manifest). */
  logSha256: string;
  logBytes: number;
}

const TAIL_BYTES = 4096;
const DEFAULT_MAX_LOG = 16 * 1024 * 1024;

/**
 * Runs `sh -c <command>` in its own process group, with a timeout, output captured to a
 * log file. When the command ends, whatever it left running in its group is killed too,
 * so nothing it started can touch the workdir after it was judged.
 */
export function runCommand(options: RunCommandOptions): Promise<RunCommandResult> {
  const started = Date.now();
  const fd = openSync(options.logFile, 'w');
  const hash = createHash('sha256');
  const maxLog = options.maxLogBytes ?? DEFAULT_MAX_LOG;
  let logBytes = 0;
  let truncated = false;
  let tail = Buffer.alloc(0);
  const write = (bytes: Buffer) => {
    if (logBytes + bytes.length > maxLog) {
      if (!truncated) {
        truncated = true;
        const note = Buffer.from('\n[plangate: log truncated]\n');
        writeSync(fd, note);
        hash.update(note);
        logBytes += note.length;
      }
      return;
    }
    writeSync(fd, bytes);
    hash.update(bytes);
    logBytes += bytes.length;
  };
  const onData = (chunk: Buffer) => {
    write(chunk);
    tail = Buffer.concat([tail, chunk]);
    if (tail.length > TAIL_BYTES * 2) tail = tail.subarray(tail.length - TAIL_BYTES);
  };

  return new Promise((resolve) => {
    let timedOut = false;
    let aborted = false;
    let finished = false;
    const child = spawn('sh', ['-c', options.command], { cwd: options.cwd, env: options.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const pid = child.pid;
    const killGroup = (signal: NodeJS.Signals) => {
      if (pid === undefined) return;
      try {
        process.kill(-pid, signal);
      } catch {
        // The group is already gone.
      }
    };
    let graceTimer: NodeJS.Timeout | undefined;
    const terminate = () => {
      killGroup('SIGTERM');
      graceTimer ??= setTimeout(() => killGroup('SIGKILL'), options.killGraceMs ?? 2000);
    };
    const timer = setTimeout(() => {
      timedOut = true;
      terminate();
    }, options.timeoutMs);
    const onAbort = () => {
      aborted = true;
      terminate();
    };
    if (options.signal?.aborted) onAbort();
    else options.signal?.addEventListener('abort', onAbort, { once: true });
    if (pid !== undefined) options.onSpawn?.(pid);

    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    const finish = (exitCode: number | null, signal: NodeJS.Signals | null) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      if (graceTimer) clearTimeout(graceTimer);
      options.signal?.removeEventListener('abort', onAbort);
      killGroup('SIGKILL');
      closeSync(fd);
      resolve({
        exitCode,
        signal,
        timedOut,
        aborted,
        durationMs: Date.now() - started,
        outputTail: tail.subarray(Math.max(0, tail.length - TAIL_BYTES)).toString('utf8'),
        logSha256: hash.digest('hex'),
        logBytes,
      });
    };
    child.on('error', (error) => {
      write(Buffer.from(`[plangate: could not start sh: ${error.message}]\n`));
      finish(127, null);
    });
    // 'close' waits for the pipes; a background grandchild holding them open is killed with the group.
    child.on('exit', () => {
      setTimeout(() => {
        killGroup('SIGKILL');
      }, 200).unref();
    });
    child.on('close', (code, signal) => finish(code, signal));
  });
}
