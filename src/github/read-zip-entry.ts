import { crc32, inflateRawSync } from 'node:zlib';

export type ZipEntryRead = { ok: true; data: Buffer } | { ok: false; reason: string };

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

/**
 * One file of a zip archive (a workflow artifact), by its name: stored or deflated entries,
 * found through the central directory (artifact zips write sizes in data descriptors, so the
 * local headers may say 0). Zip64, encryption and other methods are refused; the output is
 * capped at `maxBytes` and its CRC checked. The archive is untrusted: never throws.
 */
export function readZipEntry(zip: Uint8Array, name: string, options: { maxBytes: number }): ZipEntryRead {
  const buf = Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength);
  try {
    const eocd = findEndOfCentralDirectory(buf);
    if (eocd < 0) return fail('not a zip archive (no end of central directory)');
    const count = buf.readUInt16LE(eocd + 10);
    let at = buf.readUInt32LE(eocd + 16);
    for (let i = 0; i < count; i++) {
      if (at + 46 > buf.length || buf.readUInt32LE(at) !== CENTRAL) return fail('the central directory is damaged');
      const flags = buf.readUInt16LE(at + 8);
      const method = buf.readUInt16LE(at + 10);
      const crc = buf.readUInt32LE(at + 16);
      const compressed = buf.readUInt32LE(at + 20);
      const size = buf.readUInt32LE(at + 24);
      const nameLength = buf.readUInt16LE(at + 28);
      const next = at + 46 + nameLength + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
      const entryName = buf.toString('utf8', at + 46, at + 46 + nameLength);
      const localOffset = buf.readUInt32LE(at + 42);
      at = next;
      if (entryName !== name) continue;
      if (flags & 0x1) return fail(`${name} is encrypted`);
      if (compressed === 0xffffffff || size === 0xffffffff || localOffset === 0xffffffff)
        return fail(`${name} uses zip64, which is not supported`);
      if (size > options.maxBytes) return fail(`${name} is larger than ${options.maxBytes} bytes`);
      return extract(buf, { name, method, crc, compressed, size, localOffset }, options.maxBytes);
    }
    return fail(`${name} is not in the archive`);
  } catch (error) {
    return fail(`the archive could not be read (${error instanceof Error ? error.message : String(error)})`);
  }
}

function extract(
  buf: Buffer,
  entry: { name: string; method: number; crc: number; compressed: number; size: number; localOffset: number },
  maxBytes: number,
): ZipEntryRead {
  const local = entry.localOffset;
  if (local + 30 > buf.length || buf.readUInt32LE(local) !== LOCAL) return fail(`the local header of ${entry.name} is damaged`);
  const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
  if (start + entry.compressed > buf.length) return fail(`${entry.name} runs past the end of the archive`);
  const raw = buf.subarray(start, start + entry.compressed);
  let data: Buffer;
  if (entry.method === STORED) data = Buffer.from(raw);
  else if (entry.method === DEFLATED) data = inflateRawSync(raw, { maxOutputLength: Math.max(1, maxBytes) });
  else return fail(`${entry.name} uses compression method ${entry.method}; only stored and deflated are supported`);
  if (data.length !== entry.size) return fail(`${entry.name} does not have the size the archive records`);
  if (crc32(data) >>> 0 !== entry.crc >>> 0) return fail(`${entry.name} fails its CRC check`);
  return { ok: true, data };
}

/** The end-of-central-directory record sits in the last 22 + 65,535 (comment) bytes. */
function findEndOfCentralDirectory(buf: Buffer): number {
  const stop = Math.max(0, buf.length - 22 - 0xffff);
  for (let i = buf.length - 22; i >= stop; i--) if (buf.readUInt32LE(i) === EOCD) return i;
  return -1;
}

function fail(reason: string): ZipEntryRead {
  return { ok: false, reason };
}
