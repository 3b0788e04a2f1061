import type { ScanLevel } from '../../finding.js';
import { hostOf, urlsIn } from './shell-vocabulary.js';

/** Parts of a variable name that say what kind of secret it is, not whose. */
const GENERIC = new Set(['API', 'KEY', 'KEYS', 'TOKEN', 'TOKENS', 'SECRET', 'SECRETS', 'ACCESS', 'AUTH', 'PASSWORD', 'PASSWD', 'PASS', 'PRIVATE', 'CREDENTIAL', 'CREDENTIALS', 'ID', 'CLIENT', 'BEARER', 'PERSONAL', 'OAUTH', 'APP', 'BOT', 'USER', 'SERVICE', 'ACCOUNT', 'ENV', 'MY', 'THE', 'DEFAULT', 'PROD', 'DEV', 'TEST', 'SESSION', 'REFRESH', 'ADMIN', 'WRITE', 'READ', 'PAT', 'APIKEY']);
const ALIASES: Record<string, string[]> = {
  GH: ['github'],
  GITHUB: ['github', 'githubusercontent'],
  CLAUDE: ['anthropic', 'claude'],
  ANTHROPIC: ['anthropic', 'claude'],
  GEMINI: ['googleapis', 'google'],
  GOOGLE: ['googleapis', 'google'],
  GCP: ['googleapis', 'google'],
  AWS: ['amazonaws', 'aws'],
  AZURE: ['azure', 'microsoft', 'windows.net'],
  HF: ['huggingface', 'hf.co'],
  HUGGINGFACE: ['huggingface', 'hf.co'],
  NPM: ['npmjs', 'npm'],
  CF: ['cloudflare'],
  SLACK: ['slack'],
  OPENAI: ['openai', 'azure'],
};
const LOOPBACK = /^(?:localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|0\.0\.0\.0|\[::1\]|host\.docker\.internal)$/;

/** Owners a variable name points at (`GITHUB_TOKEN` → github), none for `API_KEY`. */
function ownersOf(variable: string): string[] {
  const owners: string[] = [];
  for (const part of variable.toUpperCase().split(/[^A-Z0-9]+/)) {
    if (!part || GENERIC.has(part)) continue;
    owners.push(...(ALIASES[part] ?? (part.length >= 3 ? [part.toLowerCase()] : [])));
  }
  return owners;
}

/** Whether the text just before a variable puts it in a header or basic-auth argument. */
export function inAuthHeader(before: string): boolean {
  return /(?:-H|--header|-Headers|@\{)\s{0,4}[=]?\s{0,4}["']?[\w-]{0,40}\s{0,2}[:=]\s{0,4}(?:["']?(?:bearer|token|basic|bot)\s{1,4})?["']?$|\b(?:authorization|x-api-key|api-key|x-auth-token|private-token|x-goog-api-key|apikey)\s{0,4}["']?\s{0,4}[:=]\s{0,4}["']?(?:(?:bearer|token|basic|bot)\s{1,4})?$|(?:\s-u|--user|--oauth2-bearer|-Credential)\s{0,4}[=]?\s{0,4}["']?[\w.@-]{0,60}:?$/i.test(
    before,
  );
}

/**
 * A secret variable in a network command: fine in a header to its own service, suspicious
 * in a URL or a body, and exfiltration when it goes to somebody else's host.
 */
export function secretVariableLevel(line: string, varIndex: number, variable: string): ScanLevel | false {
  const host = urlsIn(line).map(hostOf).find((h) => h !== undefined);
  if (host && LOOPBACK.test(host)) return false;
  const owners = ownersOf(variable);
  const ownHost = host !== undefined && owners.some((o) => host.includes(o));
  const before = line.slice(Math.max(0, varIndex - 80), varIndex).replace(/\$\{?(?:env:)?$/i, '');
  if (inAuthHeader(before)) return host && owners.length > 0 && !ownHost ? 'HIGH' : false;
  if (ownHost) return false;
  if (!host || owners.length === 0) return 'MEDIUM';
  return 'HIGH';
}
