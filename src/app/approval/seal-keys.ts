import { createPrivateKey, hkdfSync } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** Where the App's seal key comes from (app options; the environment fills what is not given). */
export interface SealSettings {
  /** A dedicated secret (`PLANGATE_SEAL_SECRET`): survives a rotation of the App's private key. */
  secret?: string;
  /** Earlier secrets (`PLANGATE_SEAL_SECRET_PREVIOUS`, comma-separated): still verify, never seal. */
  previous?: readonly string[];
  /** The App's private key (PEM), used when no secret is set. */
  privateKey?: string;
}

const INFO = 'plangate comment seal v1';

/**
 * The keys that seal and verify the App's own comment data, the sealing one first: derived with
 * HKDF-SHA256 from `PLANGATE_SEAL_SECRET`, else from the App's private key — material every
 * replica holds and no token for the GitHub API reveals. The private key is read as the key it
 * is (PKCS#1 or PKCS#8 PEM, `\n` escapes or base64 all give the same key), so replicas that load
 * it differently still agree. No material at all → no keys: the App then writes no receipts and
 * counts none.
 */
export function sealKeysFrom(settings: SealSettings = {}, env: NodeJS.ProcessEnv = process.env): Uint8Array[] {
  const secret = settings.secret ?? nonEmpty(env.PLANGATE_SEAL_SECRET);
  const previous = (settings.previous ?? (env.PLANGATE_SEAL_SECRET_PREVIOUS ?? '').split(',')).map((s) => s.trim()).filter(Boolean);
  const current =
    secret !== undefined ? derive(Buffer.from(secret, 'utf8')) : privateKeyMaterial(settings.privateKey ?? privateKeyFromEnv(env));
  return [...(current ? [current] : []), ...previous.map((p) => derive(Buffer.from(p, 'utf8')))];
}

function derive(material: Uint8Array): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', material, 'plangate', INFO, 32));
}

function privateKeyMaterial(text: string | undefined): Uint8Array | undefined {
  if (!text?.trim()) return undefined;
  let pem = text.replace(/\\n/g, '\n').trim();
  if (!pem.includes('-----BEGIN')) pem = Buffer.from(pem, 'base64').toString('utf8').trim();
  try {
    return derive(createPrivateKey(pem).export({ type: 'pkcs8', format: 'der' }));
  } catch {
    return derive(Buffer.from(pem, 'utf8'));
  }
}

function privateKeyFromEnv(env: NodeJS.ProcessEnv): string | undefined {
  if (nonEmpty(env.PRIVATE_KEY)) return env.PRIVATE_KEY;
  if (!nonEmpty(env.PRIVATE_KEY_PATH)) return undefined;
  try {
    return readFileSync(env.PRIVATE_KEY_PATH!, 'utf8');
  } catch {
    return undefined;
  }
}

function nonEmpty(value: string | undefined): string | undefined {
  return value && value.trim() ? value : undefined;
}
