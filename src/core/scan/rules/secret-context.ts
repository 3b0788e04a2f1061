import type { ScanLevel } from '../../finding.js';
import { hostOf, urlsIn } from './shell-vocabulary.js';
import { isSuspiciousHost } from './suspicious-hosts.js';
import { pushAll } from '../../push-all.js';
import { everyMatch, oncePerText } from './once-per-text.js';

/** Parts of a variable name that say what kind of secret it is, not whose. */
const GENERIC = new Set([
  'API',
  'KEY',
  'KEYS',
  'TOKEN',
  'TOKENS',
  'SECRET',
  'SECRETS',
  'ACCESS',
  'AUTH',
  'PASSWORD',
  'PASSWD',
  'PASS',
  'PRIVATE',
  'CREDENTIAL',
  'CREDENTIALS',
  'ID',
  'CLIENT',
  'BEARER',
  'PERSONAL',
  'OAUTH',
  'APP',
  'BOT',
  'USER',
  'SERVICE',
  'ACCOUNT',
  'ENV',
  'MY',
  'THE',
  'DEFAULT',
  'PROD',
  'DEV',
  'TEST',
  'SESSION',
  'REFRESH',
  'ADMIN',
  'WRITE',
  'READ',
  'PAT',
  'APIKEY',
  'STAGING',
  'STG',
  'QA',
  'UAT',
  'CI',
  'SANDBOX',
  'LIVE',
  'LOCAL',
]);
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
  JIRA: ['atlassian', 'jira'],
  CONFLUENCE: ['atlassian', 'confluence'],
  OPENAI: ['openai', 'azure'],
};
/** Every owner a vendor alias names: their names on someone else's domain are worth a look. */
const VENDOR_NAMES: ReadonlySet<string> = new Set(Object.values(ALIASES).flat());
const LOOPBACK = /^(?:localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|0\.0\.0\.0|\[::1\]|host\.docker\.internal)$/;

/** Names and addresses only the user's own network resolves: nobody outside it receives what is sent there. */
const PRIVATE_NETWORK =
  /^(?:[\w-]{1,63}\.){0,8}(?:localhost|internal|local|lan|intranet|home\.arpa)$|^(?:10\.\d{1,3}|192\.168|172\.(?:1[6-9]|2\d|3[01]))\.\d{1,3}\.\d{1,3}$/;

/** Whether a host (lower case, maybe with a port) is the machine itself or on the user's private network. */
export function privateHost(host: string): boolean {
  const name = host.replace(/:\d+$/, '');
  return LOOPBACK.test(name) || PRIVATE_NETWORK.test(name);
}

/** Owners a variable name points at (`GITHUB_TOKEN` → github), none for `API_KEY`. */
export function ownersOf(variable: string): string[] {
  const owners: string[] = [];
  for (const part of variable.toUpperCase().split(/[^A-Z0-9]+/)) {
    if (!part || GENERIC.has(part)) continue;
    pushAll(owners, ALIASES[part] ?? (part.length >= 3 ? [part.toLowerCase()] : []));
  }
  return owners;
}

/** Options that carry credentials in a header or as basic auth. */
const AUTH_OPTION =
  /(?:^|\s)(?:-H|--header|-u|--user|--oauth2-bearer|-Headers|-Credential)(?=[\s="'])|\b(?:authorization|x-api-key|api-key|x-auth-token|private-token|x-goog-api-key|apikey)\b/gi;

/** Whether the variable sits inside a header or basic-auth argument (the text just before it). */
export function inAuthHeader(before: string): boolean {
  let last = -1;
  for (const m of before.matchAll(AUTH_OPTION)) last = m.index + m[0].length;
  if (last < 0) return false;
  return !/\s-{1,2}[a-zA-Z]|https?:\/\//.test(before.slice(last));
}

/** Credentials with no legitimate reason to travel in a URL or a request body. */
const NEVER_IN_BODY = /AWS_SECRET_ACCESS_KEY|AWS_SESSION_TOKEN|PRIVATE_KEY|SSH_KEY/i;

/** Whether a host (lower case) belongs to one of a credential's owners. */
export function ownedBy(host: string, owners: readonly string[]): boolean {
  const name = registrableLabel(host);
  // `datadoghq` is Datadog's; `openai-status` (a hyphenated name anyone can register) is not OpenAI's.
  return owners.some((o) =>
    o.includes('.')
      ? host === o || host.endsWith(`.${o}`)
      : name === o || name.replace(/-/g, '') === o || (name.startsWith(o) && /^[a-z0-9]{1,3}$/.test(name.slice(o.length))),
  );
}

/** Vendors whose name in someone else's domain is an impersonation: each keeps its API on one or two domains of its own. */
const IMPERSONATED = new Set(['openai', 'anthropic', 'claude', 'github', 'huggingface', 'npmjs', 'stripe', 'atlassian', 'gitlab']);

/**
 * Whether a host wears a credential owner's name on a domain the owner does not hold (`eu.api-openai.net`,
 * `openai-eu.io`, `github-api.dev` for a GitHub token): a look-alike a gateway has no reason to take.
 */
export function impersonates(host: string, owners: readonly string[]): boolean {
  return !ownedBy(host, owners) && wearsOwnerName(host, owners);
}

/**
 * Whether the first host of a line carries, as a part of its hyphenated name, an owner no one impersonates: a company's
 * own key (`ACME_STAGING_TOKEN`) to its own domain (`api.staging.acme-billing.com`), named as companies name theirs.
 */
export function hostNamedForOwner(line: string, owners: readonly string[]): boolean {
  const host = firstHost(line);
  if (!host) return false;
  const parts = registrableLabel(host).split('-');
  return parts.length > 1 && owners.some((o) => !IMPERSONATED.has(o) && !VENDOR_NAMES.has(o) && parts.includes(o));
}

/** The host of a line's first URL that has one. */
function firstHost(line: string): string | undefined {
  return urlsIn(line)
    .map(hostOf)
    .find((h) => h !== undefined);
}

/** Whether a host's hyphenated name holds the name of an owner others impersonate (whoever holds the domain). */
export function wearsOwnerName(host: string, owners: readonly string[]): boolean {
  const parts = registrableLabel(host).split('-');
  return parts.length > 1 && owners.some((o) => IMPERSONATED.has(o) && parts.includes(o));
}

/** The item a keychain read names (`security find-generic-password -s pagerduty`, `secret-tool lookup service x`). */
const KEYCHAIN_ITEM =
  /\bsecurity\s{1,4}find-(?:generic|internet)-password\b[^;&|\n)]{0,120}?\s-s\s{1,4}["']?([\w.-]{1,64})|\bsecret-tool\s{1,4}lookup((?:\s{1,4}["']?[\w.-]{1,64}["']?){1,6})|\bop\s{1,4}read\s{1,4}["']?op:\/\/[^/\s"']{1,64}\/([\w.-]{1,64})|\bget-storedcredential\s{1,4}-target\s{1,4}["']?([\w.-]{1,64})/i;

/** Cloud CLIs that print their own sign-in token, and whose it is. */
const CLI_TOKENS: readonly [RegExp, readonly string[]][] = [
  [/^(?:sf|sfdx)\b/i, ['salesforce', 'force']],
  [/^az\b/i, ['azure', 'microsoft', 'windows']],
  [/^gcloud\b/i, ['google', 'googleapis']],
  [/^heroku\b/i, ['heroku']],
  [/^gh\b/i, ['github']],
];

/** The sign-in files those CLIs (and the agents' own) keep their token in, and whose it is. */
const CLI_TOKEN_FILES: readonly [RegExp, readonly string[]][] = [
  [/\.config\/gh\/hosts|["']gh["']\s{0,4}[/,]\s{0,4}["']hosts\.ya?ml["']/, ['github']],
  [/\.config\/gcloud|application_default_credentials/, ['googleapis', 'google']],
  [/\.codex\/auth\.json/, ['openai']],
  [/\.claude\/\.credentials/, ['anthropic', 'claude']],
];

/** Whose token a CLI's sign-in file named in `path` holds (`~/.config/gh/hosts.yml`: GitHub's); undefined for any other file. */
export function credentialFileOwners(path: string): readonly string[] | undefined {
  return CLI_TOKEN_FILES.find(([file]) => file.test(path))?.[1];
}

/**
 * Whose secret a credential read takes: the item a keychain read names (a token read from the `pagerduty` item and
 * sent to api.pagerduty.com signs in where it was issued), or the cloud whose CLI prints its token. An unnamed read
 * (or a dump) has no owner.
 */
export function credentialOwners(command: string): readonly string[] {
  const cli = CLI_TOKENS.find(([program]) => program.test(command));
  if (cli) return cli[1];
  const m = KEYCHAIN_ITEM.exec(command);
  if (!m) return [];
  const names = (m[1] ?? m[2] ?? m[3] ?? m[4] ?? '').replace(/["']/g, ' ').trim().split(/\s+/);
  return names.flatMap((name) => ownersOf(name));
}

/**
 * The label a host is registered under (`openai` of api.openai.com, `vercel` of openai-quota.vercel.app):
 * the issuer's name anywhere else in a host (a subdomain of someone's app) is the app owner's choice.
 */
function registrableLabel(host: string): string {
  const labels = host.replace(/:\d+$/, '').split('.');
  if (labels.length < 2) return labels[0] ?? '';
  const second = labels[labels.length - 2]!;
  // co.uk, com.au: the name is one label further left.
  return labels.length >= 3 && labels[labels.length - 1]!.length === 2 && /^(?:co|com|org|net|ac|gov)$/.test(second)
    ? labels[labels.length - 3]!
    : second;
}

/**
 * Keys of two different vendors sent in one request to a host that belongs to neither: a gateway takes
 * one vendor's key (`Bearer $OPENAI_API_KEY` to a proxy); a request that carries several is collecting them.
 */
function collectsKeys(line: string, host: string): boolean {
  const vendors = new Set<string>();
  for (const m of line.matchAll(/\$\{?(?:env:)?(\w{0,40}(?:TOKEN|SECRET|API_?KEY|APIKEY|PASSWORD|ACCESS_KEY)\w{0,20})\b/gi)) {
    const owners = ownersOf(m[1]!);
    if (owners.length && !ownedBy(host, owners)) vendors.add(owners[0]!);
  }
  return vendors.size >= 2;
}

/** The address each variable of a unit is first set to (`RELAY="${X:-https://…}"`), read once per unit. */
const urlVariables = oncePerText((text) => {
  const urls = new Map<string, string>();
  for (const m of everyMatch(/(?:^|[\s;])(?:export\s{1,4})?(\w{1,40})=["']?(?:\$\{\w{1,40}:-)?(https?:\/\/[^\s"'}]{1,300})/gm, text))
    if (!urls.has(m[1]!)) urls.set(m[1]!, m[2]!);
  // `: "${PROBE_BASE:=https://…}"`: the shell's assign-a-default, the usual way to set an overridable address.
  for (const m of everyMatch(/\$\{(\w{1,40}):?=(https?:\/\/[^\s"'}]{1,300})\}/g, text)) if (!urls.has(m[1]!)) urls.set(m[1]!, m[2]!);
  // `m="$(printf 'https://%s@%s/%s.git' "$TOKEN" "host" …)"`: an address assembled from a format is still an address.
  for (const m of everyMatch(
    /(?:^|[\s;])(?:export\s{1,4})?(\w{1,40})=["']?\$\(\s{0,4}printf\s{1,4}(?:-v\s{1,4}\w{1,40}\s{1,4})?["']?(https?:\/\/[^\s"']{1,300})/gm,
    text,
  ))
    if (!urls.has(m[1]!)) urls.set(m[1]!, m[2]!);
  return urls;
});

/**
 * The line with each address variable written as the address it holds: `"$RELAY/v1"` where the unit set
 * `RELAY="${LLM_RELAY_URL:-https://relay.example}"`, and `${MIRROR:-https://x}` inline. Where a request goes
 * is what the script says by default, whatever the variable is named.
 */
export function withUrlVariables(line: string, unitText: string): string {
  if (!line.includes('$')) return line;
  return line.replace(
    /\$\{\w{1,40}:?[-=](https?:\/\/[^}\s"']{1,300})\}|\$\{?(\w{1,40})\}?(?=[/"'\s]|$)/g,
    (all, inline?: string, name?: string) => inline ?? urlVariables(unitText).get(name!) ?? all,
  );
}

/**
 * A secret variable in a network command: fine in a header to its own service, worth a look
 * anywhere else (self-hosted services have names of their own), and exfiltration when it goes to a
 * drop box (a tunnel, a request catcher, a raw IP), when a vendor's key goes in the body or address
 * of a request to another host, when it is a key that is never sent, or when the operator passes it
 * to agents and verify commands (`secretNames`: `ralph.passEnv`).
 */
export function secretVariableLevel(
  line: string,
  varIndex: number,
  variable: string,
  secretNames: ReadonlySet<string> = new Set(),
): ScanLevel | false {
  const host = firstHost(line);
  if (host && LOOPBACK.test(host)) return false;
  const owners = ownersOf(variable);
  const ownHost = host !== undefined && ownedBy(host, owners);
  const before = line.slice(Math.max(0, varIndex - 100), varIndex).replace(/\$\{?(?:env:)?$/i, '');
  const dropBox = host !== undefined && isSuspiciousHost(host);
  const passed = secretNames.has(variable);
  if (host !== undefined && collectsKeys(line, host)) return 'HIGH';
  if (inAuthHeader(before)) {
    const foreign = host !== undefined && owners.length > 0 && !ownHost;
    return dropBox || (passed && foreign) || (host !== undefined && impersonates(host, owners)) ? 'HIGH' : foreign ? 'MEDIUM' : false;
  }
  if (ownHost) return false;
  if (dropBox || passed || NEVER_IN_BODY.test(variable) || (owners.length > 0 && host !== undefined)) return 'HIGH';
  return 'MEDIUM';
}
