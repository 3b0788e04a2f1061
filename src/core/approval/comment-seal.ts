import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Seals for the App's own hidden comment data (approval receipts, run records). Who *created* a
 * comment proves nothing about its text: anyone with `issues: write` — a write user, the ralph
 * workflow's token — can edit the App's comments. So each sealed line is followed by
 * `<!-- plangate:<kind>-seal v1.<mac> -->`, an HMAC-SHA256 with a key only the App holds over
 * the kind, the repository, the issue and the exact JSON text. An edit, or a copy into another
 * repository or issue, no longer verifies.
 */
export interface CommentSealer {
  /** The seal of this JSON text (as written in the comment) for this thread. */
  seal(kind: string, jsonText: string): string;
  /** True when `mac` seals this JSON text for this thread with any key the App accepts. */
  verify(kind: string, jsonText: string, mac: string | undefined): boolean;
}

/** The thread a seal binds to: lower-cased `owner/repo` and the issue or PR number. */
export interface SealThread {
  repo: string;
  issue: number;
}

const VERSION = 'v1';

/** A sealer over `keys`: the first seals, every one verifies (older keys stay valid after a rotation). */
export function commentSealer(keys: readonly Uint8Array[], thread: SealThread): CommentSealer {
  const mac = (key: Uint8Array, kind: string, jsonText: string) =>
    createHmac('sha256', key)
      .update(`plangate-seal ${VERSION}\0${kind}\0${thread.repo.toLowerCase()}#${thread.issue}\0${jsonText}`)
      .digest();
  return {
    seal(kind, jsonText) {
      const key = keys[0];
      if (!key) throw new Error('no seal key');
      return `${VERSION}.${mac(key, kind, jsonText).toString('base64url')}`;
    },
    verify(kind, jsonText, given) {
      if (!given?.startsWith(`${VERSION}.`)) return false;
      const bytes = Buffer.from(given.slice(VERSION.length + 1), 'base64url');
      return keys.some((key) => {
        const expected = mac(key, kind, jsonText);
        return bytes.length === expected.length && timingSafeEqual(bytes, expected);
      });
    },
  };
}

export function sealKind(kind: string): string {
  return `${kind}-seal`;
}

/** The seal line written right after a sealed `<!-- plangate:<kind> … -->` line. */
export function sealLine(kind: string, mac: string): string {
  return `<!-- plangate:${sealKind(kind)} ${mac} -->`;
}

export type SealRead = { kind: 'absent' } | { kind: 'one'; mac: string } | { kind: 'several' };

/** The seal of `kind` in a body: exactly one line, or absent, or several (which is never valid). */
export function readSeal(body: string, kind: string): SealRead {
  const open = `<!-- plangate:${sealKind(kind)} `;
  const found: string[] = [];
  for (const raw of body.split(/\r\n|\r|\n/)) {
    const line = raw.trim();
    if (line.startsWith(open) && line.endsWith(' -->')) found.push(line.slice(open.length, -4).trim());
  }
  if (!found.length) return { kind: 'absent' };
  return found.length === 1 ? { kind: 'one', mac: found[0]! } : { kind: 'several' };
}
