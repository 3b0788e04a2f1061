import type { IncomingMessage } from 'node:http';

export type CappedBody = { kind: 'ok'; body: Buffer } | { kind: 'too-large'; bytesRead: number } | { kind: 'aborted' };

/**
 * Reads a request body as it streams in and stops at `maxBytes`: past the cap the chunks read so
 * far are dropped and the caller answers 413 and closes the connection, so a huge body costs at
 * most `maxBytes` of memory, never its whole size.
 */
export function readCappedBody(req: IncomingMessage, maxBytes: number): Promise<CappedBody> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (result: CappedBody) => {
      if (settled) return;
      settled = true;
      req.off('data', onData);
      chunks.length = 0;
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        req.pause();
        finish({ kind: 'too-large', bytesRead: size });
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => {
      if (settled) return;
      const body = Buffer.concat(chunks, size);
      finish({ kind: 'ok', body });
    });
    req.once('error', () => finish({ kind: 'aborted' }));
    req.once('close', () => finish({ kind: 'aborted' }));
  });
}
