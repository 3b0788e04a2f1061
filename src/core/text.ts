import { isAscii } from 'node:buffer';

/** Decoding file bytes into text the checks can read, without ever throwing. */
export interface DecodedText {
  text: string;
  /** The bytes were not valid UTF-8 (replacement characters were substituted). */
  invalidUtf8: boolean;
  /** The file started with a UTF-16 byte-order mark and was decoded as UTF-16. */
  utf16: boolean;
  /** A NUL byte occurs in the first 8 KiB (the file is likely binary). */
  binary: boolean;
}

const fatalDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
const lenientDecoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: false });

export function decodeText(bytes: Uint8Array): DecodedText {
  if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) {
    const le = bytes[0] === 0xff;
    const text = new TextDecoder(le ? 'utf-16le' : 'utf-16be').decode(bytes);
    return { text, invalidUtf8: false, utf16: true, binary: false };
  }
  const head = bytes.subarray(0, 8192);
  const binary = head.includes(0);
  // ASCII reads the same in every decoding, and latin1 copies bytes to characters several times faster than UTF-8 decoding.
  if (isAscii(bytes))
    return { text: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('latin1'), invalidUtf8: false, utf16: false, binary };
  try {
    return { text: fatalDecoder.decode(bytes), invalidUtf8: false, utf16: false, binary };
  } catch {
    return { text: lenientDecoder.decode(bytes), invalidUtf8: true, utf16: false, binary };
  }
}

/** Offsets of line starts, for turning string offsets into 1-based line/column. */
export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(text: string) {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10) this.starts.push(i + 1);
      else if (c === 13 && text.charCodeAt(i + 1) !== 10) this.starts.push(i + 1);
    }
  }

  get lineCount(): number {
    return this.starts.length;
  }

  /** 1-based line and column of a 0-based offset. */
  position(offset: number): { line: number; column: number } {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.starts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - (this.starts[lo] ?? 0) + 1 };
  }

  /** 0-based offset of the start of a 1-based line. */
  lineStart(line: number): number {
    return this.starts[Math.max(0, Math.min(line - 1, this.starts.length - 1))] ?? 0;
  }
}

/** Split into lines, accepting LF, CRLF and lone CR. */
export function splitLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}
