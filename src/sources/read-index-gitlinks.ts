/** `DIRC`, the index file's first four bytes. */
const SIGNATURE = 0x44495243;
/** Git's mode for a gitlink (a submodule's commit) in the index. */
const GITLINK_MODE = 0o160000;
/** ctime, mtime, dev, ino, mode, uid, gid, size: ten 32-bit fields before the object name. */
const STAT_BYTES = 40;

/**
 * The gitlinks (submodule commits) a git index records, path → commit SHA, read from the index
 * file's bytes (https://git-scm.com/docs/index-format, versions 2 to 4) without running git: a
 * checkout that did not fetch its submodules still records which commit each one is pinned at.
 * Malformed or unknown input gives what was read before it, never an exception.
 */
export function readIndexGitlinks(index: Uint8Array, hashBytes = 20): Map<string, string> {
  const out = new Map<string, string>();
  const view = new DataView(index.buffer, index.byteOffset, index.byteLength);
  if (index.length < 12 || view.getUint32(0) !== SIGNATURE) return out;
  const version = view.getUint32(4);
  if (version < 2 || version > 4) return out;
  const count = view.getUint32(8);
  const decoder = new TextDecoder();
  let offset = 12;
  let previous: Uint8Array = new Uint8Array(0);
  for (let i = 0; i < count; i++) {
    const start = offset;
    const fixed = STAT_BYTES + hashBytes + 2;
    if (offset + fixed > index.length) return out;
    const mode = view.getUint32(offset + 24);
    const sha = index.subarray(offset + STAT_BYTES, offset + STAT_BYTES + hashBytes);
    const flags = view.getUint16(offset + STAT_BYTES + hashBytes);
    offset += fixed + (version >= 3 && flags & 0x4000 ? 2 : 0);
    let path: Uint8Array;
    if (version === 4) {
      const strip = readVarint(index, offset);
      if (!strip || strip.value > previous.length) return out;
      offset = strip.next;
      const end = index.indexOf(0, offset);
      if (end < 0) return out;
      path = concat(previous.subarray(0, previous.length - strip.value), index.subarray(offset, end));
      offset = end + 1;
    } else {
      const end = index.indexOf(0, offset);
      if (end < 0) return out;
      path = index.subarray(offset, end);
      // The entry is padded with 1 to 8 NULs to a multiple of eight bytes.
      offset = start + Math.floor((end - start + 8) / 8) * 8;
    }
    previous = path;
    if ((mode & 0o170000) === GITLINK_MODE) out.set(decoder.decode(path), Buffer.from(sha).toString('hex'));
  }
  return out;
}

/** Git's offset varint (index v4): each continuation adds one before shifting. */
function readVarint(bytes: Uint8Array, at: number): { value: number; next: number } | undefined {
  let i = at;
  if (i >= bytes.length) return undefined;
  let byte = bytes[i++]!;
  let value = byte & 0x7f;
  while (byte & 0x80) {
    if (i >= bytes.length || value > 0xffffff) return undefined;
    byte = bytes[i++]!;
    value = ((value + 1) << 7) | (byte & 0x7f);
  }
  return { value, next: i };
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
