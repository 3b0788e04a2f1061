import { createHash } from './hash.js';

/** The id git gives a blob with these bytes (`git hash-object`), in a sha1 (default) or sha256 repository. */
export function gitBlobSha(bytes: Uint8Array, format: 'sha1' | 'sha256' = 'sha1'): string {
  return createHash(format).update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}
