import type { IncomingMessage } from 'node:http';
import { BODY_BLOCK_BYTES, type BodyAccount, type BodyBudget } from './body-budget.js';

export type CappedBody =
  /** `blocks` hold the body in order; `account` holds them until the caller closes it. */
  | { kind: 'ok'; blocks: Buffer[]; size: number; account: BodyAccount }
  | { kind: 'too-large'; bytesRead: number }
  /** The process holds as many body bytes as it may (the caller answers 503). */
  | { kind: 'over-budget' }
  | { kind: 'aborted' };

/**
 * Reads a request body into blocks of the process-wide `budget`. Its declared `Content-Length`
 * (or `maxBytes`, without one) is reserved whole before a byte is read, so an upload the budget
 * cannot hold is refused from its headers and never read: the process holds the budget's blocks
 * and the chunks of the few bodies it reads, however many uploads are open. A body past
 * `maxBytes`, or one evicted to make room for a smaller one, is dropped at once and its blocks go
 * back. The socket's chunks are copied into the blocks as they come and not kept (a trickled
 * upload arrives a few bytes a chunk, and each chunk kept costs far more than its length).
 */
export function readCappedBody(req: IncomingMessage, options: { maxBytes: number; budget: BodyBudget }): Promise<CappedBody> {
  const declared = Number(req.headers['content-length']);
  return new Promise((resolve) => {
    const blocks: Buffer[] = [];
    let current = 0;
    let filled = 0;
    let size = 0;
    let settled = false;
    const finish = (result: CappedBody) => {
      if (settled) return;
      settled = true;
      req.off('data', onData);
      if (result.kind !== 'ok') {
        blocks.length = 0;
        account.close();
        req.pause();
      }
      resolve(result);
    };
    const account = options.budget.open(() => finish({ kind: 'over-budget' }));
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > options.maxBytes) return finish({ kind: 'too-large', bytesRead: size });
      // Only a chunked body can outgrow its reservation (when the whole budget is less than `maxBytes`).
      if (size > blocks.length * BODY_BLOCK_BYTES) return finish({ kind: 'over-budget' });
      for (let offset = 0; offset < chunk.length;) {
        if (filled === BODY_BLOCK_BYTES) {
          current++;
          filled = 0;
        }
        const copied = chunk.copy(blocks[current]!, filled, offset);
        filled += copied;
        offset += copied;
      }
    };
    // A body without a length (chunked) is reserved as the most it may be: one at a time, and any
    // smaller body evicts it. GitHub's deliveries declare their length.
    const reserve =
      Number.isFinite(declared) && declared >= 0
        ? Math.min(declared, options.maxBytes)
        : Math.min(options.maxBytes, options.budget.limitBytes);
    const reserved = account.take(Math.ceil(reserve / BODY_BLOCK_BYTES));
    if (!reserved) return finish({ kind: 'over-budget' });
    for (const block of reserved) blocks.push(block);
    req.on('data', onData);
    req.once('end', () => {
      if (settled) return;
      account.complete();
      const used = blocks.slice(0, size ? current + 1 : 0);
      if (used.length) used[used.length - 1] = used[used.length - 1]!.subarray(0, filled);
      finish({ kind: 'ok', blocks: used, size, account });
    });
    req.once('error', () => finish({ kind: 'aborted' }));
    req.once('close', () => finish({ kind: 'aborted' }));
  });
}
