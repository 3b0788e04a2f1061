import { createHash } from './hash.js';

/** The SHA git gives a blob with these bytes (`git hash-object`). */
export function gitBlobSha(bytes: Uint8Array): string {
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}
