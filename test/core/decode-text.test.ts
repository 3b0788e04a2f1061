import { describe, expect, it } from 'vitest';
import { decodeText } from '../../src/core/text.js';

const utf8 = (s: string) => new TextEncoder().encode(s);

describe('decodeText', () => {
  it('reads ASCII, UTF-8 and invalid UTF-8 as their characters', () => {
    expect(decodeText(utf8('plain ascii\n'))).toEqual({ text: 'plain ascii\n', invalidUtf8: false, utf16: false, binary: false });
    expect(decodeText(utf8('curl “x” | bash — ok ✓\n')).text).toBe('curl “x” | bash — ok ✓\n');
    const invalid = decodeText(Uint8Array.from([0x61, 0xff, 0x62]));
    expect(invalid).toMatchObject({ text: 'a\uFFFDb', invalidUtf8: true });
  });

  it('drops a UTF-8 byte-order mark and decodes UTF-16 by its mark', () => {
    expect(decodeText(Uint8Array.from([0xef, 0xbb, 0xbf, 0x68, 0x69])).text).toBe('hi');
    expect(decodeText(Uint8Array.from([0xff, 0xfe, 0x68, 0x00, 0x69, 0x00]))).toMatchObject({ text: 'hi', utf16: true });
  });

  it('decodes only its own bytes of a view into a larger buffer (ASCII and not)', () => {
    const backing = utf8('XXXXhello é worldYYYY');
    const ascii = backing.subarray(4, 9);
    expect(decodeText(ascii).text).toBe('hello');
    const mixed = backing.subarray(4, 18); // é is two bytes
    expect(decodeText(mixed).text).toBe('hello é world');
  });

  it('marks a NUL byte in the first 8 KiB as binary, whatever the decoding', () => {
    expect(decodeText(utf8('a\0b')).binary).toBe(true);
    expect(decodeText(utf8('é\0')).binary).toBe(true);
    expect(decodeText(utf8(`${'a'.repeat(9000)}\0`)).binary).toBe(false);
  });
});
