import { createHash, type Hash } from 'node:crypto';
import { appendFileSync, closeSync, fsyncSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import type { RalphState } from '../core/ralph/ralph-state.js';

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
 * agent (or a verify command) that touches the directory is caught after its step.
 */
export class StateDir {
  private readonly expected = new Map<string, string>();
  private eventsHash: Hash = createHash('sha256');
  private tempCounter = 0;

  private constructor(readonly root: string) {}

  /** A new run's directory; refuses to reuse one. */
  static create(workdir: string, runId: string): StateDir {
    const root = stateDirOf(workdir, runId);
    mkdirSync(dirname(root), { recursive: true });
    mkdirSync(root);
    mkdirSync(join(root, 'prompts'));
    mkdirSync(join(root, 'logs'));
    return new StateDir(root);
  }

  /**
   * An existing run's directory for `--resume`. What is on disk now becomes the record:
   * nothing outside the directory remembers it, so tampering between runs is not detectable.
   */
  static open(workdir: string, runId: string): StateDir {
    const dir = new StateDir(stateDirOf(workdir, runId));
    for (const [path, sha] of dir.hashFiles()) dir.expected.set(path, sha);
    try {
      dir.eventsHash.update(readFileSync(join(dir.root, 'events.jsonl')));
    } catch {
      // No events yet.
    }
    return dir;
  }

  get statePath(): string {
    return join(this.root, 'state.json');
  }

  readState(): unknown {
    return JSON.parse(readFileSync(this.statePath, 'utf8'));
  }

  /** Temp file + fsync + rename: a crash leaves the old or the new state, never half of one. */
  writeState(state: RalphState, savedAt: Date): void {
    const text = `${JSON.stringify({ ...state, savedAt: savedAt.toISOString() }, null, 2)}\n`;
    const temp = join(this.root, `.state.json.${process.pid}.${this.tempCounter++}.tmp`);
    const fd = openSync(temp, 'w');
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, this.statePath);
    this.expected.set('state.json', sha256(text));
  }

  appendEvent(event: Record<string, unknown>): void {
    const line = `${JSON.stringify(event)}\n`;
    appendFileSync(join(this.root, 'events.jsonl'), line);
    this.eventsHash.update(line);
    this.expected.set('events.jsonl', this.eventsHash.copy().digest('hex'));
  }

  /** A file the runner writes (prompts); returns its absolute path. */
  writeFile(relPath: string, content: string): string {
    const full = join(this.root, ...relPath.split('/'));
    mkdirSync(dirname(full), { recursive: true });
    const fd = openSync(full, 'w');
    try {
      writeSync(fd, content);
    } finally {
      closeSync(fd);
    }
    this.expected.set(relPath, sha256(content));
    return full;
  }

  pathOf(relPath: string): string {
    return join(this.root, ...relPath.split('/'));
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

  get runId(): string {
    return this.root.split(sep).at(-1)!;
  }

  /** Every entry under the directory: files by content hash, anything else (a symlink, a fifo) by kind. */
  private hashFiles(): Map<string, string> {
    const out = new Map<string, string>();
    const pending = [this.root];
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
        const rel = relative(this.root, full).split(sep).join('/');
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

function sha256(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}
