import { HANGUL_FILLER, ignorable } from '../normalise/normalise-unicode.js';

/** Longest excerpt of matched text in a message. */
export const MAX_EXCERPT = 120;

/**
 * Matched text for a message: control and invisible characters escaped (so a finding
 * about hidden characters shows them), whitespace runs collapsed, at most 120 characters.
 */
export function formatExcerpt(text: string, max = MAX_EXCERPT): string {
  // A match can be a whole paragraph: only its head can reach the excerpt, so only its head is read.
  const reach = 8 * max + 64;
  const head = text.length > reach ? text.slice(0, reach) : text;
  let out = '';
  for (const ch of head.replace(/\s+/g, ' ')) {
    const cp = ch.codePointAt(0)!;
    let piece = ch;
    if (cp < 0x20 || cp === 0x7f) piece = cp === 9 ? ' ' : `\\x${cp.toString(16).padStart(2, '0')}`;
    else if (ignorable(cp) || HANGUL_FILLER.has(cp) || (cp >= 0xe0000 && cp <= 0xe01ef)) {
      piece = `\\u{${cp.toString(16).toUpperCase()}}`;
    }
    if (out.length + piece.length > max) return `${out.slice(0, max - 1)}…`;
    out += piece;
  }
  return head === text ? out.trim() : `${out.trim()}…`;
}

/** The identity of matched text for fingerprints: lower case, whitespace collapsed. */
export function normaliseMatch(text: string): string {
  // The first 4 KB identify a match (a whole paragraph would otherwise be lowered and hashed per finding).
  const head = text.length > MATCH_IDENTITY_CHARS ? text.slice(0, MATCH_IDENTITY_CHARS) : text;
  return head.toLowerCase().replace(/\s+/g, ' ').trim();
}

const MATCH_IDENTITY_CHARS = 4096;
