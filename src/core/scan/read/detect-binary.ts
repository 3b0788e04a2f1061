/** What kind of binary a file is, from its first bytes (or, failing that, its extension). */
export function detectBinary(path: string, bytes: Uint8Array | undefined): string | undefined {
  if (bytes) {
    const magic = magicKind(bytes);
    if (magic) return magic;
  }
  const m = /\.(exe|dll|so|dylib|zip|tar|gz|tgz|bz2|xz|7z|rar|jar|war|class|pyc|whl|msi|deb|rpm|apk|dmg|pkg|bin|o|a|node|wasm|scr)$/i.exec(
    path,
  );
  return m ? `.${m[1]!.toLowerCase()} file` : undefined;
}

function startsWith(bytes: Uint8Array, ...sig: number[]): boolean {
  return bytes.length >= sig.length && sig.every((b, i) => bytes[i] === b);
}

function magicKind(b: Uint8Array): string | undefined {
  if (startsWith(b, 0x7f, 0x45, 0x4c, 0x46)) return 'ELF executable';
  if (startsWith(b, 0x4d, 0x5a)) return 'Windows (PE/MZ) executable';
  if (
    startsWith(b, 0xfe, 0xed, 0xfa, 0xce) ||
    startsWith(b, 0xfe, 0xed, 0xfa, 0xcf) ||
    startsWith(b, 0xce, 0xfa, 0xed, 0xfe) ||
    startsWith(b, 0xcf, 0xfa, 0xed, 0xfe)
  )
    return 'Mach-O executable';
  if (startsWith(b, 0xca, 0xfe, 0xba, 0xbe)) return 'Mach-O universal binary or Java class';
  if (startsWith(b, 0x50, 0x4b, 0x03, 0x04) || startsWith(b, 0x50, 0x4b, 0x05, 0x06)) return 'ZIP archive';
  if (startsWith(b, 0x1f, 0x8b)) return 'gzip archive';
  if (startsWith(b, 0x42, 0x5a, 0x68)) return 'bzip2 archive';
  if (startsWith(b, 0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00)) return 'xz archive';
  if (startsWith(b, 0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c)) return '7-Zip archive';
  if (startsWith(b, 0x52, 0x61, 0x72, 0x21, 0x1a, 0x07)) return 'RAR archive';
  if (startsWith(b, 0x00, 0x61, 0x73, 0x6d)) return 'WebAssembly module';
  if (b.length > 262 && b[257] === 0x75 && b[258] === 0x73 && b[259] === 0x74 && b[260] === 0x61 && b[261] === 0x72) return 'tar archive';
  return undefined;
}
