import type { RepoSnapshot } from './snapshot.js';
import { decodeText, type DecodedText } from './text.js';

/** Reads and decodes a file of the snapshot; undefined when it is not a readable file. */
export async function readText(snapshot: RepoSnapshot, path: string): Promise<DecodedText | undefined> {
  const bytes = await snapshot.readBytes(path);
  return bytes ? decodeText(bytes) : undefined;
}
