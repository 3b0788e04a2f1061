import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, constants, openSync, writeSync } from 'node:fs';
import { processClockNow } from './process-tree.js';
import { ProcessTreeTracker } from './process-tree-tracker.js';
import type { TrustedPrograms } from './trusted-programs.js';

export interface RunCommandOptions {
  /** A shell command line (the operator's own template or a verify command). */
  command: string;
  /** The shell, by absolute path (resolved before the agent's first turn), and `ps` where there is no /proc. */
  programs: Pick<TrustedPrograms, 'sh' | 'ps'>;
  cwd: string;
  env: Record<string, string>;
  timeoutMs: number;
  /** Output (stdout and stderr, interleaved) goes here. */
  logFile: string;
  /** Aborting ends every process of the command (SIGTERM, then SIGKILL after the grace period). */
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
  /** Processes of the command still alive after it was reaped (or holding its output open): it must not be trusted. */
  strays: number;
}

const TAIL_BYTES = 4096;
const DEFAULT_MAX_LOG = 16 * 1024 * 1024;
const POLL_MS = 500;
/** How long the output may stay open after every known process of the command is gone. */
const CLOSE_WAIT_MS = 2000;
export const PROCESS_MARK_NAME = 'PLANGATE_RALPH_PROCESS_MARK';

/**
 * Runs `<sh> -c <command>` in its own session and process group, with a timeout, output
 * captured to a log file (opened without following a symlink). When the command's shell exits,
 * every process it started is killed (`ProcessTreeTracker`: sessions, double forks and
 * re-parenting included), and only then does the result come back — so nothing the command
 * started can touch the work tree or the run state after it was judged.
 */
export function runCommand(options: RunCommandOptions): Promise<RunCommandResult> {
  const started = Date.now();
  const fd = openSync(options.logFile, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW, 0o644);
  const hash = createHash('sha256');
  const maxLog = options.maxLogBytes ?? DEFAULT_MAX_LOG;
  let logBytes = 0;
  let truncated = false;
  let tail = Buffer.alloc(0);
  let finished = false;
  const write = (bytes: Buffer) => {
    if (finished) return;
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
    const mark = { name: PROCESS_MARK_NAME, value: randomBytes(12).toString('hex') };
    const since = processClockNow();
    const child = spawn(options.programs.sh, ['-c', options.command], {
      cwd: options.cwd,
      env: { ...options.env, [mark.name]: mark.value },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const tracker = child.pid === undefined ? undefined : new ProcessTreeTracker(child.pid, mark, since, options.programs.ps);
    const poller = setInterval(() => tracker?.poll(), POLL_MS);
    let graceTimer: NodeJS.Timeout | undefined;
    const terminate = () => {
      tracker?.signalAll('SIGTERM');
      graceTimer ??= setTimeout(() => tracker?.signalAll('SIGKILL'), options.killGraceMs ?? 2000);
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
    if (child.pid !== undefined) options.onSpawn?.(child.pid);

    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
    let strays = 0;
    let reaped = false;
    let closed = false;
    const finish = () => {
      if (finished || !exit || !reaped || !closed) return;
      finished = true;
      clearTimeout(timer);
      clearInterval(poller);
      if (graceTimer) clearTimeout(graceTimer);
      options.signal?.removeEventListener('abort', onAbort);
      closeSync(fd);
      resolve({
        exitCode: exit.code,
        signal: exit.signal,
        timedOut,
        aborted,
        durationMs: Date.now() - started,
        outputTail: tail.subarray(Math.max(0, tail.length - TAIL_BYTES)).toString('utf8'),
        logSha256: hash.digest('hex'),
        logBytes,
        strays,
      });
    };
    child.on('error', (error) => {
      write(Buffer.from(`[plangate: could not start sh: ${error.message}]\n`));
      exit = { code: 127, signal: null };
      reaped = closed = true;
      finish();
    });
    child.on('close', () => {
      closed = true;
      finish();
    });
    child.on('exit', (code, signal) => {
      exit = { code, signal };
      void (async () => {
        strays = (await tracker?.reap()) ?? 0;
        reaped = true;
        // Output still open with every known process gone: something unknown holds it.
        setTimeout(() => {
          if (closed) return;
          strays++;
          write(Buffer.from('[plangate: a process of this command could not be found and stopped]\n'));
          child.stdout.destroy();
          child.stderr.destroy();
          closed = true;
          finish();
        }, CLOSE_WAIT_MS).unref();
        finish();
      })();
    });
  });
}
