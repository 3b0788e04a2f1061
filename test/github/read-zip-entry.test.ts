import { crc32, deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readZipEntry } from '../../src/github/read-zip-entry.js';
import { storedZip } from '../support/fake-github/state/stored-zip.js';

interface Entry {
  name: string;
  data: Buffer;
  method: 0 | 8;
}

/**
 * A zip the way actions/upload-artifact writes one: deflated entries whose local headers say
 * size 0 and defer sizes and CRC to a data descriptor (flag bit 3); the central directory has them.
 */
function descriptorZip(entries: Entry[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const body = e.method === 8 ? deflateRawSync(e.data) : e.data;
    const crc = crc32(e.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0808, 6);
    local.writeUInt16LE(e.method, 8);
    local.writeUInt16LE(name.length, 26);
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc, 4);
    descriptor.writeUInt32LE(body.length, 8);
    descriptor.writeUInt32LE(e.data.length, 12);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(0x0808, 8);
    header.writeUInt16LE(e.method, 10);
    header.writeUInt32LE(crc, 16);
    header.writeUInt32LE(body.length, 20);
    header.writeUInt32LE(e.data.length, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(offset, 42);
    central.push(header, name);
    parts.push(local, name, body, descriptor);
    offset += local.length + name.length + body.length + descriptor.length;
  }
  const dir = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, dir, end]);
}

const json = Buffer.from(JSON.stringify({ outcome: 'completed', iterations: 2, stories: [], runId: 'r' }).repeat(20));

describe('readZipEntry', () => {
  it("reads a stored entry (the fake GitHub's artifact zips)", () => {
    const read = readZipEntry(storedZip({ 'a.txt': 'first', 'plangate-ralph-result.json': '{"ok":true}' }), 'plangate-ralph-result.json', {
      maxBytes: 1000,
    });
    expect(read).toEqual({ ok: true, data: Buffer.from('{"ok":true}') });
  });

  it('reads a deflated entry whose sizes are only in the central directory (data descriptors)', () => {
    const zip = descriptorZip([
      { name: 'other.txt', data: Buffer.from('x'.repeat(500)), method: 8 },
      { name: 'plangate-ralph-result.json', data: json, method: 8 },
    ]);
    const read = readZipEntry(zip, 'plangate-ralph-result.json', { maxBytes: 1_000_000 });
    expect(read.ok && read.data.equals(json)).toBe(true);
  });

  it('refuses, never throws: a missing entry, an entry over the cap, a bad CRC, damaged and non-zip input', () => {
    const zip = descriptorZip([{ name: 'r.json', data: json, method: 8 }]);
    expect(readZipEntry(zip, 'nope.json', { maxBytes: 1e6 })).toEqual({ ok: false, reason: 'nope.json is not in the archive' });
    expect(readZipEntry(zip, 'r.json', { maxBytes: 10 })).toMatchObject({
      ok: false,
      reason: expect.stringContaining('larger than 10 bytes'),
    });
    const badCrc = Buffer.from(zip);
    badCrc.writeUInt32LE(0xdeadbeef, badCrc.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 16);
    expect(readZipEntry(badCrc, 'r.json', { maxBytes: 1e6 })).toMatchObject({ ok: false, reason: expect.stringContaining('CRC') });
    const truncated = zip.subarray(0, 60);
    expect(readZipEntry(truncated, 'r.json', { maxBytes: 1e6 }).ok).toBe(false);
    expect(readZipEntry(Buffer.from('not a zip at all, just text'), 'r.json', { maxBytes: 1e6 })).toMatchObject({
      ok: false,
      reason: expect.stringContaining('not a zip'),
    });
    // A deflate bomb stops at the cap instead of filling memory.
    const bomb = descriptorZip([{ name: 'r.json', data: Buffer.alloc(5_000_000), method: 8 }]);
    const lying = Buffer.from(bomb);
    lying.writeUInt32LE(100, lying.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 24);
    expect(readZipEntry(lying, 'r.json', { maxBytes: 1000 }).ok).toBe(false);
  });
});
