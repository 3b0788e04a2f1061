import { createHmac, timingSafeEqual } from 'node:crypto';

const SIGNATURE = /^sha256=([0-9a-f]{64})$/i;

/**
 * GitHub's `X-Hub-Signature-256` check over the raw body as it arrived (in blocks, so an unsigned
 * body is never joined or decoded before it is refused), compared in constant time.
 */
export function signatureMatches(secret: string, blocks: readonly Uint8Array[], header: string): boolean {
  const hex = SIGNATURE.exec(header)?.[1];
  if (!hex || !secret) return false;
  const hmac = createHmac('sha256', secret);
  for (const block of blocks) hmac.update(block);
  return timingSafeEqual(hmac.digest(), Buffer.from(hex, 'hex'));
}
