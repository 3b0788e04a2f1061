import { createHash, type Hash } from 'node:crypto';
import { closeSync, constants, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, writeSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { RalphState } from '../core/ralph/ralph-state.js';
import { APPEND_NO_FOLLOW, ensureRealDirectories, replaceFile, WRITE_NO_FOLLOW } from './no-follow-files.js';

export const STATE_DIR_ROOT = '.plangate/ralph';
const RUN_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

export function isValidRunId(runId: string): boolean {
  return RUN_ID.test(runId) && !runId.includes('..');
}

export function stateDirOf(workdir: string, runId: string): string {
  return join(workdir, ...STATE_DIR_ROOT.split('/'), runId);
}

/**
 * `.plangate/ralph/<runId>/`: state.json written atomically (temp file + rename), an
 * append-only events.jsonl, prompts and logs. The runner records the sha256 of every
 * byte it writes here; `findTampering()` compares the directory with that record, so an
 * agent (or a verify command) that touches the directory is caught after its step. No
 * component of the path is ever a symlink (checked before every write), and no file is
 * written or read through one: the state stays inside the workdir.
 */
export class StateDir {
  private readonly expected = new Map<string, string>();
  private eventsHash: Hash = createHash('sha256');

  private constructor(
    private readonly workdir: string,
    readonly runId: string,
  ) {}

  /** A new run's directory; refuses to reuse one. Throws `UnsafePathError` on a symlinked component. */
  static create(workdir: string, runId: string): StateDir {
    ensureRealDirectories(workdir, STATE_DIR_ROOT);
    mkdirSync(stateDirOf(workdir, runId));
    const dir = new StateDir(workdir, runId);
    dir.checkPath('prompts');
    dir.checkPath('logs');
    return dir;
  }

  /**
   * An existing run's directory for `--resume`. What is on disk now becomes the record:
   * nothing outside the directory remembers it, so tampering between runs is not detectable.
   */
  static open(workdir: string, runId: string): StateDir {
    const dir = new StateDir(workdir, runId);
    dir.checkPath();
    for (const [path, sha] of dir.hashFiles()) dir.expected.set(path, sha);
    try {
      const fd = openSync(join(dir.path, 'events.jsonl'), constants.O_RDONLY | constants.O_NOFOLLOW);
      try {
        dir.eventsHash.update(readFileSync(fd));
      } finally {
        closeSync(fd);
      }
    } catch {
      // No events yet.
    }
    return dir;
  }

  get statePath(): string {
    return join(this.path, 'state.json');
  }

  /** The run's directory (absolute). */
  get path(): string {
    return stateDirOf(this.workdir, this.runId);
  }

  readState(): unknown {
    this.checkPath();
    const fd = openSync(this.statePath, constants.O_RDONLY | constants.O_NOFOLLOW);
    try {
      return JSON.parse(readFileSync(fd, 'utf8'));
    } finally {
      closeSync(fd);
    }
  }

  /** Temp file + fsync + rename: a crash leaves the old or the new state, never half of one. */
  writeState(state: RalphState, savedAt: Date): void {
    const text = `${JSON.stringify({ ...state, savedAt: savedAt.toISOString() }, null, 2)}\n`;
    replaceFile(this.checkPath(), 'state.json', text);
    this.expected.set('state.json', sha256(text));
  }

  appendEvent(event: Record<string, unknown>): void {
    const line = `${JSON.stringify(event)}\n`;
    writeNoFollow(join(this.checkPath(), 'events.jsonl'), line, APPEND_NO_FOLLOW);
    this.eventsHash.update(line);
    this.expected.set('events.jsonl', this.eventsHash.copy().digest('hex'));
  }

  /** A file the runner writes (prompts); returns its absolute path. */
  writeFile(relPath: string, content: string): string {
    const parts = relPath.split('/');
    const full = join(this.checkPath(...parts.slice(0, -1)), parts.at(-1)!);
    writeNoFollow(full, content, WRITE_NO_FOLLOW);
    this.expected.set(relPath, sha256(content));
    return full;
  }

  /** Where the runner will write `relPath` itself (a log it streams); its directory checked. */
  pathOf(relPath: string): string {
    const parts = relPath.split('/');
    return join(this.checkPath(...parts.slice(0, -1)), parts.at(-1)!);
  }

  /** The run directory (and `subdirs` under it, created when missing), each component a real directory. */
  private checkPath(...subdirs: string[]): string {
    return ensureRealDirectories(this.workdir, [STATE_DIR_ROOT, this.runId, ...subdirs].join('/'));
  }

  /** A file the runner wrote elsewhere (a streamed log) with the hash of what it wrote. */
  recordFile(relPath: string, sha: string): void {
    this.expected.set(relPath, sha);
  }

  /** Paths added, removed or changed since the runner's own writes. Empty = intact. */
  findTampering(): string[] {
    const actual = this.hashFiles();
    const changed = new Set<string>();
    for (const [path, sha] of actual) if (this.expected.get(path) !== sha) changed.add(path);
    for (const path of this.expected.keys()) if (!actual.has(path)) changed.add(path);
    return [...changed].sort().map((p) => `${STATE_DIR_ROOT}/${this.runId}/${p}`);
  }

  /** Every entry under the directory: files by content hash, anything else (a symlink, a fifo) by kind. */
  private hashFiles(): Map<string, string> {
    const out = new Map<string, string>();
    const root = this.path;
    const pending = [root];
    while (pending.length) {
      const dir = pending.pop()!;
      let names: string[];
      try {
        names = readdirSync(dir);
      } catch {
        continue;
      }
      for (const name of names) {
        const full = join(dir, name);
        const rel = relative(root, full).split(sep).join('/');
        const stat = lstatSync(full, { throwIfNoEntry: false });
        if (!stat) continue;
        if (stat.isDirectory()) pending.push(full);
        else if (stat.isFile()) out.set(rel, sha256(readFileSync(full)));
        else out.set(rel, `not-a-file:${stat.mode}`);
      }
    }
    return out;
  }
}

function writeNoFollow(path: string, content: string, flags: number): void {
  const fd = openSync(path, flags, 0o644);
  try {
    writeSync(fd, content);
  } finally {
    closeSync(fd);
  }
}

function sha256(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}
