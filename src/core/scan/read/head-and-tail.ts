/**
 * The parts of an oversized file that are scanned: its first and last `max / 2` bytes, cut at
 * line ends, and the line the tail starts on (so its findings carry the file's line numbers).
 */
export interface HeadAndTail {
  head: Uint8Array;
  tail: Uint8Array;
  /** 1-based line of the file where `tail` starts. */
  tailLine: number;
}

function isLineEnd(bytes: Uint8Array, i: number): boolean {
  return bytes[i] === 10 || (bytes[i] === 13 && bytes[i + 1] !== 10);
}

export function headAndTail(bytes: Uint8Array, max: number): HeadAndTail {
  const half = Math.max(1, Math.floor(max / 2));
  let headEnd = Math.min(half, bytes.length);
  for (let i = headEnd - 1; i > 0; i--) {
    if (isLineEnd(bytes, i)) {
      headEnd = i + 1;
      break;
    }
  }
  let tailStart = Math.max(headEnd, bytes.length - half);
  for (let i = tailStart - 1; i < bytes.length && i >= headEnd; i++) {
    if (isLineEnd(bytes, i)) {
      tailStart = i + 1;
      break;
    }
  }
  let lines = 1;
  for (let i = 0; i < tailStart; i++) if (isLineEnd(bytes, i)) lines++;
  return { head: bytes.subarray(0, headEnd), tail: bytes.subarray(tailStart), tailLine: lines };
}
