import { gunzipSync, inflateSync } from 'node:zlib';

/**
 * Encoded payloads inside text: base64 and hex blobs (≥ 40 characters, or split over adjacent
 * string literals), zlib or gzip inside base64, `\xNN` and octal `\NNN` escape runs, character-code lists
 * (shifted by a constant too) and byte-literal lists (XORed with a key the text applies too). Each is
 * decoded; only payloads that decode to text are returned (hashes, keys and images decode to binary and
 * are not payloads).
 */
export interface EncodedBlob {
  /** Offsets in the searched text. */
  start: number;
  end: number;
  encoding:
    'base64' | 'compressed base64' | 'reversed base64' | 'hex' | 'escapes' | 'char codes' | 'shifted char codes' | 'xored bytes' | 'rot13';
  payload: string;
}

const ESCAPES_OR_CODES =
  /(?:%[0-9A-Fa-f]{2}){8}|(?:\\x[0-9A-Fa-f]{2}){8}|(?:\\[0-3][0-7]{2}){8}|(?:\\u00[0-9A-Fa-f]{2}){8}|fromCharCode\s{0,4}\(\s{0,4}\d|(?:chr\s{0,4}\(\s{0,4}\d{1,3}\s{0,4}\)\s{0,4}\+\s{0,4}){4}|\[\s{0,4}\d{1,3}(?:\s{0,4},\s{0,20}\d{1,3}){7}|\[char\[\]\]\s{0,4}\(\s{0,20}\d{1,3}(?:\s{0,4},\s{0,20}\d{1,3}){7}|[[{(]\s{0,20}0x(?:00)?[0-9A-Fa-f]{1,2}(?:\s{0,4},\s{0,20}0x(?:00)?[0-9A-Fa-f]{1,2}){7}/;

const BLOB_CHAR = /[A-Za-z0-9+/_-]/;

/**
 * Of the runs of 40 or more base64 or hex characters (their starts, as the anchor scan lists
 * them), those the decoder could turn into text, ascending: hex digits only, or base64 with both
 * letter cases and one alphabet (standard `+/` or URL-safe `-_`, not both); past 64K characters
 * the decoder reads only the start, so any run counts.
 */
export function decodableRunStarts(text: string, runs: readonly number[]): number[] {
  const starts: number[] = [];
  for (const start of runs) {
    let end = start;
    while (end < text.length && BLOB_CHAR.test(text[end]!)) end++;
    const run = text.slice(start, end);
    if (
      run.length > 65_536 ||
      /^[0-9A-Fa-f]+$/.test(run) ||
      (/[a-z]/.test(run) && /[A-Z]/.test(run) && !(/[+/]/.test(run) && /[-_]/.test(run)))
    )
      starts.push(start);
  }
  return starts;
}

/** A rot13 decoder (`tr 'A-Za-z' 'N-ZA-Mn-za-m'`, `codecs.decode(s, 'rot13')`, `str_rot13`): its strings are read decoded. */
const ROT13 = /N-ZA-M|n-za-m|\brot[_-]?13\b/i;
/** Programs a rotated string may turn out to run. */
const PROGRAM =
  /\b(?:curl|wget|bash|sh|zsh|tar|zip|python\d?|node|ruby|perl|powershell|pwsh|iex|nc|ncat|rm|base64|eval|exec|scp|rsync|ssh|crontab|chmod)\b/i;
/** A string literal long enough to hold a command. */
const STRING_LITERAL = /(["'])([^"'\\\n]{16,2000})\1/g;

/** `\xNN` / `\u00NN` escape runs or character-code lists anywhere in the text, or a rot13 decoder. */
export function hasEscapedPayloadShape(text: string): boolean {
  if (ROT13.test(text)) return true;
  // Percent escapes (`%63%75%72%6c…`), as URLs write bytes: a run of eight is a text written out byte by byte.
  if (text.includes('%') && PERCENT_RUN.test(text)) return true;
  // Each shape starts with one of these; the native searches rule most texts out before the regex runs.
  return (
    (text.includes('\\x') ||
      text.includes('\\u00') ||
      text.includes('\\1') ||
      text.includes('fromCharCode') ||
      hasChrCall(text) ||
      /\[\s{0,4}\d{1,3}\s{0,4},/.test(text) ||
      // PowerShell's `[char[]](36, 100, …)`.
      text.includes('[char[]]') ||
      (text.includes('0x') && /[[{(]\s{0,20}0x(?:00)?[0-9A-Fa-f]{1,2}\s{0,4},/.test(text))) &&
    ESCAPES_OR_CODES.test(text)
  );
}

const PERCENT_RUN = /(?:%[0-9A-Fa-f]{2}){8}/;

const CHR_CALL = /chr\s{0,4}\(/y;

/** `chr(` (spaces allowed): each `chr` found natively, then checked where it is (a regex scan of the whole text costs more). */
function hasChrCall(text: string): boolean {
  for (let at = text.indexOf('chr'); at >= 0; at = text.indexOf('chr', at + 3)) {
    CHR_CALL.lastIndex = at;
    if (CHR_CALL.test(text)) return true;
  }
  return false;
}

const ESCAPES_OR_CODES_G = new RegExp(ESCAPES_OR_CODES.source, 'g');

/** Where escape runs and character-code lists start, ascending (the prefilter marks their windows). */
export function escapedPayloadStarts(text: string): number[] {
  const starts: number[] = [];
  if (ROT13.test(text)) for (const m of text.matchAll(STRING_LITERAL)) starts.push(m.index);
  ESCAPES_OR_CODES_G.lastIndex = 0;
  for (let m = ESCAPES_OR_CODES_G.exec(text); m; m = ESCAPES_OR_CODES_G.exec(text)) starts.push(m.index);
  return starts.sort((a, b) => a - b);
}

const BLOBS =
  /(?:(?<![A-Za-z0-9+/=_-])={0,2}|(?<=\b[A-Za-z_]\w{0,63}=))[A-Za-z0-9+/_-]{40,}={0,2}(?![A-Za-z0-9+/=_-])|(?:%[0-9A-Fa-f]{2}){8,}|(?:\\x[0-9A-Fa-f]{2}){8,}|(?:\\u00[0-9A-Fa-f]{2}){8,}|(?:\\[0-3][0-7]{2}){8,}|fromCharCode\s{0,4}\(\s{0,4}\d{1,3}(?:\s{0,4},\s{0,4}\d{1,3}){7,}\s{0,4}\)|(?:chr\s{0,4}\(\s{0,4}\d{1,3}\s{0,4}\)\s{0,4}\+\s{0,4}){7,}chr\s{0,4}\(\s{0,4}\d{1,3}\s{0,4}\)|\[\s{0,4}\d{1,3}(?:\s{0,4},\s{0,20}\d{1,3}){7,511}\s{0,4}\]|\[char\[\]\]\s{0,4}\(\s{0,20}\d{1,3}(?:\s{0,4},\s{0,20}\d{1,3}){7,4095}\s{0,20}\)|[[{(]\s{0,20}0x(?:00)?[0-9A-Fa-f]{1,2}(?:\s{0,4},\s{0,20}0x(?:00)?[0-9A-Fa-f]{1,2}){7,4095}\s{0,4},?\s{0,20}[\]})]/g;

/** Longest payload decoded; a blob longer than this is decoded from its start only. */
const MAX_BLOB = 64 * 1024;

function isText(bytes: ArrayLike<number>): boolean {
  if (bytes.length < 8) return false;
  let printable = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if ((b >= 0x20 && b < 0x7f) || b === 9 || b === 10 || b === 13) printable++;
  }
  return printable / bytes.length >= 0.9;
}

function decodeBase64(blob: string): Uint8Array | undefined {
  // Padding leads a blob stored backwards (`==QZ…`).
  const clean = blob.slice(0, MAX_BLOB).replace(/^=+|=+$/g, '');
  if (!/[a-z]/.test(clean) || !/[A-Z]/.test(clean)) return undefined;
  if (clean.length % 4 === 1) return undefined;
  const url = /[-_]/.test(clean);
  if (url && /[+/]/.test(clean)) return undefined;
  return Uint8Array.from(Buffer.from(clean, url ? 'base64url' : 'base64'));
}

function decodeHex(blob: string): Uint8Array | undefined {
  if (!/^(?:[0-9A-Fa-f]{2})+$/.test(blob)) return undefined;
  return Uint8Array.from(Buffer.from(blob.slice(0, MAX_BLOB), 'hex'));
}

function textOf(bytes: Uint8Array): string | undefined {
  if (isText(bytes)) return new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  // UTF-16LE (PowerShell's -EncodedCommand): every other byte zero.
  if (bytes.length >= 16 && bytes.length % 2 === 0) {
    let zeros = 0;
    for (let i = 1; i < bytes.length; i += 2) if (bytes[i] === 0) zeros++;
    if (zeros >= (bytes.length / 2) * 0.9) {
      const text = new TextDecoder('utf-16le', { fatal: false }).decode(bytes);
      if (isText(Uint8Array.from(text, (c) => Math.min(c.charCodeAt(0), 255)))) return text;
    }
  }
  return undefined;
}

function decode(blob: string, xorKeys: readonly XorKey[] = [], reverses = false): Pick<EncodedBlob, 'encoding' | 'payload'> | undefined {
  if (blob.startsWith('%')) {
    const payload = textOf(Uint8Array.from([...blob.matchAll(/%([0-9A-Fa-f]{2})/g)].map((m) => parseInt(m[1]!, 16))));
    return payload ? { encoding: 'escapes', payload } : undefined;
  }
  if (blob.startsWith('\\x') || blob.startsWith('\\u')) {
    const codes = [...blob.matchAll(/\\(?:x|u00)([0-9A-Fa-f]{2})/g)].map((m) => parseInt(m[1]!, 16));
    const payload = textOf(Uint8Array.from(codes));
    return payload ? { encoding: 'escapes', payload } : undefined;
  }
  // Octal escapes (`printf '\143\165\162\154…'`): how shells and C write bytes.
  if (/^\\[0-3]/.test(blob)) {
    const payload = textOf(Uint8Array.from([...blob.matchAll(/\\([0-3][0-7]{2})/g)].map((m) => parseInt(m[1]!, 8))));
    return payload ? { encoding: 'escapes', payload } : undefined;
  }
  if (/^[[{(]\s*0x/.test(blob)) return decodeByteList(blob, xorKeys);
  if (/^(?:fromCharCode|chr|\[)/.test(blob)) {
    const codes = [...blob.matchAll(/\d{1,3}/g)].map((m) => Number(m[0]));
    const payload = codes.every((c) => c < 256) ? textOf(Uint8Array.from(codes)) : undefined;
    if (payload && (PROGRAM.test(payload) || looksLikeCode(payload))) return { encoding: 'char codes', payload };
    // Codes shifted by a constant (`String.fromCharCode(...a.map((n) => n - 7))`): only a shift that names a program counts.
    for (let shift = 1; shift <= 32; shift++)
      for (const k of [shift, -shift]) {
        const moved = codes.map((c) => c - k);
        if (moved.some((c) => c < 0 || c > 255)) continue;
        const text = textOf(Uint8Array.from(moved));
        if (text && PROGRAM.test(text)) return { encoding: 'shifted char codes', payload: text };
      }
    const xored = codes.every((c) => c < 256) ? xoredProgram(Uint8Array.from(codes), xorKeys) : undefined;
    if (xored) return xored;
    return payload ? { encoding: 'char codes', payload } : undefined;
  }
  if (/^[0-9A-Fa-f]+$/.test(blob) && blob.length % 2 === 0) {
    const bytes = decodeHex(blob);
    const payload = bytes && textOf(bytes);
    if (payload) return { encoding: 'hex', payload };
  }
  const bytes = decodeBase64(blob);
  const payload = bytes && textOf(bytes);
  if (payload) return { encoding: 'base64', payload };
  const inflated = bytes && inflate(bytes);
  const text = inflated && textOf(inflated);
  if (text) return { encoding: 'compressed base64', payload: text };
  if (!reverses) return undefined;
  // Stored backwards and turned round before decoding (`s[::-1]`, `.reverse`, `strrev`): only a program counts.
  const backwards = decodeBase64([...blob].reverse().join(''));
  const turned = backwards && textOf(backwards);
  return turned && (PROGRAM.test(turned) || looksLikeCode(turned)) ? { encoding: 'reversed base64', payload: turned } : undefined;
}

/** A text that turns a string round (Python `[::-1]`, Ruby and JS `.reverse`, PHP `strrev`, `rev`, .NET `Array.Reverse`). */
const REVERSAL =
  /\[\s{0,2}:\s{0,2}:\s{0,2}-1\s{0,2}\]|\.reverse(?:d)?\b|\breversed\s{0,2}\(|\bstrrev\b|\|\s{0,4}rev\b|\bReverse\s{0,2}\(|\.rev\(\)|\[-1\s{0,2}\.\.|\bstring\.reverse\b/;

/**
 * A list of byte literals (`[]byte{0x72, 0x2e, …}`, `bytes([0x63, …])`, code points written wide as `[0x0073, …]`): read
 * as it stands, or XORed with a one-byte key the same text applies (`b ^ 0x5a`); only a key that turns it into a program counts.
 */
function decodeByteList(blob: string, xorKeys: readonly XorKey[]): Pick<EncodedBlob, 'encoding' | 'payload'> | undefined {
  const bytes = Uint8Array.from([...blob.matchAll(/0x(?:00)?([0-9A-Fa-f]{1,2})/g)].map((m) => parseInt(m[1]!, 16)));
  const payload = textOf(bytes);
  if (payload && (PROGRAM.test(payload) || looksLikeCode(payload))) return { encoding: 'char codes', payload };
  return xoredProgram(bytes, xorKeys) ?? (payload ? { encoding: 'char codes', payload } : undefined);
}

/** A byte, or a short string whose bytes are applied in turn (`b ^ key[i % len(key)]`). */
type XorKey = number | Uint8Array;

/** The program the bytes make XORed with one of the keys; only a key that turns them into a program counts. */
function xoredProgram(bytes: Uint8Array, keys: readonly XorKey[]): Pick<EncodedBlob, 'encoding' | 'payload'> | undefined {
  for (const key of keys) {
    const text = textOf(bytes.map((b, i) => b ^ (typeof key === 'number' ? key : key[i % key.length]!)));
    if (text && PROGRAM.test(text)) return { encoding: 'xored bytes', payload: text };
  }
  return undefined;
}

/** XOR keys the text applies to something: one byte (`^ 0x5a`, `^= 90`, `xor 0x20`), or its short strings when it XORs with a key indexed in turn. */
function xorKeysIn(text: string): XorKey[] {
  const keys = new Set<number>();
  for (const m of text.matchAll(/(?:\^=?|\bxor)\s{0,4}(?:0x([0-9A-Fa-f]{1,2})\b|(\d{1,3})\b)/g)) {
    const key = m[1] ? parseInt(m[1], 16) : Number(m[2]);
    if (key > 0 && key < 256) keys.add(key);
    if (keys.size >= 8) break;
  }
  // Julia's `b \u22bb 0x5a`, or `b \u22bb seed` with `seed = 0x5a` set in the text (a default argument too).
  if (text.includes('\u22bb'))
    for (const m of text.matchAll(/\u22bb\s{0,4}(?:0x([0-9A-Fa-f]{1,2})\b|(\d{1,3})\b|([A-Za-z_]\w{0,30}))/g)) {
      const named = m[3] && new RegExp(String.raw`\b${m[3]}\s{0,4}=\s{0,4}(?:0x([0-9A-Fa-f]{1,2})|(\d{1,3}))\b`).exec(text);
      const hex = m[1] ?? named?.[1];
      const key = hex ? parseInt(hex, 16) : Number(m[2] ?? named?.[2]);
      if (key > 0 && key < 256) keys.add(key);
      if (keys.size >= 8) break;
    }
  if (!ROTATING_KEY.test(text)) return [...keys];
  const strings = new Set<string>();
  for (const m of text.matchAll(/(["'])([\x21-\x7e]{2,32}?)\1/g)) if (strings.add(m[2]!).size >= 24) break;
  return [...keys, ...[...strings].map((s) => Uint8Array.from(s, (c) => c.charCodeAt(0)))];
}

/** `b ^ key[i % len(key)]`, `c ^ k[i % k.length]`: a key of several bytes, one for each byte in turn. */
const ROTATING_KEY =
  /\^\s{0,4}\w{1,40}(?:\.\w{1,20}\(\))?\s{0,4}\[\s{0,4}\w{1,10}\s{0,4}%\s{0,4}(?:len\s{0,4}\(\s{0,4}\w{1,40}\s{0,4}\)|\w{1,40}\.(?:length|size|len\(\)))/;

/** zlib or gzip data, inflated to at most MAX_BLOB bytes (a bomb stops there); undefined for anything else. */
function inflate(bytes: Uint8Array): Uint8Array | undefined {
  const zlib = bytes.length > 2 && bytes[0] === 0x78 && ((bytes[0] << 8) | bytes[1]!) % 31 === 0;
  const gzip = bytes.length > 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
  if (!zlib && !gzip) return undefined;
  try {
    return (zlib ? inflateSync : gunzipSync)(bytes, { maxOutputLength: MAX_BLOB });
  } catch {
    return undefined;
  }
}

/** Two or more quoted base64 pieces in a row (`("eNp1…" "gF0s…")`, `["…", "…"]`, `"…" + "…"`): one blob split up. */
const PIECES = /(?:(["'])[A-Za-z0-9+/=]{8,400}\1[ \t]{0,8}[+,]?[ \t]{0,8}(?:\r?\n[ \t]{0,40})?){2,400}/g;

/** Blobs in `text` that decode to text. */
export function findEncodedBlobs(text: string): EncodedBlob[] {
  return [...eachEncodedBlob(text)];
}

/** The same, one at a time: a caller that stops early decodes no more than it reads. */
export function* eachEncodedBlob(text: string): Generator<EncodedBlob> {
  const blobs = new RegExp(BLOBS.source, 'g');
  let xorKeys: XorKey[] | undefined;
  let reverses: boolean | undefined;
  for (let m = blobs.exec(text); m; m = blobs.exec(text)) {
    const decoded = decode(
      m[0],
      m[0].includes('0x') || m[0].startsWith('[') ? (xorKeys ??= xorKeysIn(text)) : [],
      (reverses ??= REVERSAL.test(text)),
    );
    if (decoded) yield { start: m.index, end: m.index + m[0].length, ...decoded };
  }
  for (const m of text.matchAll(PIECES)) {
    const joined = [...m[0].matchAll(/["']([^"']*)["']/g)].map((piece) => piece[1]).join('');
    if (joined.length < 40) continue;
    const decoded = decode(joined, [], (reverses ??= REVERSAL.test(text)));
    if (decoded) yield { start: m.index, end: m.index + m[0].length, ...decoded };
  }
  if (!ROT13.test(text)) return;
  // Only what names a program once rotated (and did not before): prose in a rot13 puzzle stays prose.
  for (const m of text.matchAll(STRING_LITERAL)) {
    const payload = rot13(m[2]!);
    if (PROGRAM.test(payload) && !PROGRAM.test(m[2]!))
      yield { start: m.index + 1, end: m.index + 1 + m[2]!.length, encoding: 'rot13', payload };
  }
}

function rot13(text: string): string {
  return text.replace(/[A-Za-z]/g, (c) => {
    const base = c <= 'Z' ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - base + 13) % 26) + base);
  });
}

/** A decoded payload that reads like a command, code or an address is worth reporting even when no rule fires. */
export function looksLikeCode(payload: string): boolean {
  return /:\/\/|\b(?:bash|sh\s+-c|curl|wget|powershell|pwsh|cmd\.exe|eval|exec|import\s+\w|require\s*\(|function\s*\(|subprocess|os\.system|chmod|rm\s+-|nc\s+-|python\d?\s+-c|base64)\b|\/bin\/|<script/i.test(
    payload,
  );
}
