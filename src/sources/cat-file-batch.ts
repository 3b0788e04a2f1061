import type { ChildProcessWithoutNullStreams, spawn as Spawn } from 'node:child_process';

interface Pending {
  resolve: (bytes: Buffer | undefined) => void;
  reject: (error: Error) => void;
}

/** One long-lived `git cat-file --batch` process answering blob reads in order. */
export class CatFileBatch {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly queue: Pending[] = [];
  private buffer: Buffer = Buffer.alloc(0);
  private closed = false;

  /** Starts the process (child_process is loaded here, not when the CLI starts: most runs read no commit). */
  static async start(cwd: string): Promise<CatFileBatch> {
    const { spawn } = await import('./child-process.js');
    return new CatFileBatch(cwd, spawn);
  }

  private constructor(cwd: string, spawn: typeof Spawn) {
    this.child = spawn('git', ['cat-file', '--batch'], { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stdout.on('data', (chunk: Buffer) => {
      this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
      this.drain();
    });
    const fail = (error: Error) => {
      this.closed = true;
      for (const p of this.queue.splice(0)) p.reject(error);
    };
    this.child.on('error', fail);
    this.child.on('exit', () => fail(new Error('git cat-file exited')));
    this.child.stdin.on('error', () => undefined);
    this.unref();
  }

  read(objectName: string): Promise<Buffer | undefined> {
    if (this.closed) return Promise.reject(new Error('git cat-file is closed'));
    if (/[\n\r]/.test(objectName)) return Promise.resolve(undefined);
    return new Promise((resolve, reject) => {
      this.queue.push({ resolve, reject });
      this.ref();
      this.child.stdin.write(`${objectName}\n`);
    });
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.child.stdin.end();
  }

  private drain(): void {
    while (this.queue.length) {
      const newline = this.buffer.indexOf(10);
      if (newline < 0) return;
      const header = this.buffer.subarray(0, newline).toString('utf8');
      if (header.endsWith(' missing') || header.endsWith(' ambiguous')) {
        this.buffer = this.buffer.subarray(newline + 1);
        this.queue.shift()!.resolve(undefined);
        continue;
      }
      const size = Number(header.split(' ')[2]);
      if (this.buffer.length < newline + 1 + size + 1) return;
      const content = Buffer.from(this.buffer.subarray(newline + 1, newline + 1 + size));
      this.buffer = this.buffer.subarray(newline + 1 + size + 1);
      this.queue.shift()!.resolve(content);
    }
    if (!this.queue.length) this.unref();
  }

  /** While nothing is pending, the batch process must not keep the CLI alive. */
  private unref(): void {
    this.child.unref();
    (this.child.stdout as unknown as { unref?: () => void }).unref?.();
    (this.child.stdin as unknown as { unref?: () => void }).unref?.();
    (this.child.stderr as unknown as { unref?: () => void }).unref?.();
  }

  private ref(): void {
    this.child.ref();
    (this.child.stdout as unknown as { ref?: () => void }).ref?.();
  }
}
