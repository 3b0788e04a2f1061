/** What S005 reads for: where secrets live, which commands send, and the checks its detectors share. */
import { type AcceptResult, type MatchContext } from './scan-rule.js';
import {
  describesAttack,
  SECRET_WORD,
  negatedBefore,
  NOT_SENTENCE_END,
  PROSE_GAP,
  VAULT_AND_SIGNING_FILE,
  VAULT_AND_SIGNING_KEYWORDS,
} from './shell-vocabulary.js';
import { ownersOf } from './secret-context.js';
import { configTestCase } from './dataset-record.js';

import { oncePerText } from './once-per-text.js';

export const S = PROSE_GAP;
/** How the name of an environment variable holding a credential ends (`OPENAI_API_KEY`, `DATABASE_URL`). */
export const SECRET_SUFFIX = String.raw`KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIALS?|DATABASE_URL|_DSN|CONNECTION_STRING`;
export const NS = NOT_SENTENCE_END;
export const NETWORK_COMMAND = String.raw`(?:\b(?:curl|wget|nc|ncat|netcat|socat|telnet|iwr|irm|invoke-webrequest|invoke-restmethod|sendmail|mailx?|ftp)\b|\bopenssl\s{1,4}s_client\b)`;
/** Secrets that only an attacker reads and then sends: keys, cloud credentials, keychains, wallets. */
export const STRICT_SECRET = String.raw`(?:id_(?:rsa|dsa|ecdsa|ed25519)\b(?!\.pub)|\.ssh/(?!config\b|known_hosts\b|authorized_keys\b|[\w.-]{0,60}\.pub\b)|(?:~|\$HOME|\$\{HOME\})/\.ssh(?=[\s"'\x60;&|)]|$)|["']\.ssh["']|\.aws/credentials|["']\.aws["']|\.netrc\b|\.git-credentials|application_default_credentials|\.config/gcloud|\.config/gh/hosts|["']gh["']\s{0,4}[/,]\s{0,4}["']hosts\.ya?ml["']|\.codex/auth\.json|\.claude/\.credentials|\.pgpass\b|\.my\.cnf\b|\.dbt/profiles\.ya?ml\b|\.docker/config\.json\b|\.kube/config\b|\.terraform\.d/credentials|/etc/shadow|login\x20data|wallet\.dat|\.electrum|solana/id\.json|\bexodus\b|nkbihfbeogaeaoehlefnkodbefgpgknn|/proc/(?:self|\d{1,7}|\$\$|\*)/environ\b|${VAULT_AND_SIGNING_FILE})`;
export const READ_OP = String.raw`\b(?:cat|type|less|more|head|tail|strings|base64|xxd|cp|copy|tar|zip|7z|scp|rsync|get-content|gc|open|readfile(?:sync)?|read_text|read_bytes|readlines|readall|expanduser|path\.home|os\.homedir|fs\.read\w{0,10})\b(?!\s{0,4}>)`;
export const CREDENTIAL_READ = String.raw`(?:${READ_OP}[^;&|\n]{0,100}?${STRICT_SECRET}|${STRICT_SECRET}[^;&|]{0,60}?\.(?:read\w{0,10}|open)\s{0,4}\(|\bsecurity\s{1,4}(?:find-(?:generic|internet)-password|dump-keychain)\b|\bsecret-tool\s{1,4}lookup\b|\bcmdkey\s{1,4}/list\b|\bget-storedcredential\b|\bgh\x20auth\x20token\b|\bsf\s{1,4}org\s{1,4}display\b[^;&|\n]{0,120}--verbose\b|\bsfdx\s{1,4}force:org:display\b[^;&|\n]{0,120}--verbose\b|\baz\s{1,4}account\s{1,4}get-access-token\b|\bgcloud\s{1,4}auth\s{1,4}(?:application-default\s{1,4})?print-access-token\b|\bheroku\s{1,4}auth:token\b|\baws\s{1,4}configure\s{1,4}get\s{1,4}aws_secret_access_key\b|\baws\s{1,4}configure\s{1,4}export-credentials\b|\bgit\x20credential\x20fill\b|\bpulumi\s{1,4}(?:stack\s{1,4}(?:export|output)|config)\b[^;&|\n]{0,120}--show-secrets\b|\bsops\s{1,4}(?:-d|--decrypt)\b|\bkubectl\s{1,4}get\s{1,4}secrets?\b[^;&|\n]{0,120}\s-o[=\s]{0,4}(?:yaml|json)\b|\bop\s{1,4}item\s{1,4}get\b[^;&|\n]{0,160}?--reveal\b|\bop\s{1,4}read\s{1,4}["']?op://|\bbw\s{1,4}(?:export|list\s{1,4}items|get\s{1,4}(?:password|item|notes))\b|\blpass\s{1,4}(?:export\b|show\b[^;&|\n]{0,80}?--password\b)|\bkeepassxc-cli\s{1,4}(?:export|show)\b)`;
/** A glob for files named like secrets. */
export const CREDENTIAL_GLOB = /\bglob\w{0,6}\s{0,4}\([^)]{0,160}?(?:credential|secret|\.ssh|\.aws|wallet|cookies|login\x20data)/i;

/** Where a repository's diff goes for review as a matter of course: code hosts and model APIs. */
export const CODE_REVIEW_HOSTS = [
  'github',
  'gitlab',
  'bitbucket',
  'openai',
  'anthropic',
  'googleapis',
  'mistral',
  'groq',
  'cohere',
  'openrouter',
  'azure',
  'atlassian',
];

/** Keywords of NETWORK_COMMAND. */
export const NETWORK_COMMAND_KEYWORDS = [
  's_client',
  'curl',
  'wget',
  '^nc$',
  'ncat',
  'netcat',
  'socat',
  'telnet',
  '^iwr$',
  '^irm$',
  'invoke-',
  'sendmail',
  '^mail',
  '^ftp',
];
/** Keywords of SECRET_FILE (`login data` also matches `LoginData`'s folded spelling only with its space: both kept). */
export const SECRET_FILE_KEYWORDS = [
  '.env',
  'id_rsa',
  'id_dsa',
  'id_ecdsa',
  'id_ed25519',
  '.ssh/',
  '.aws/',
  '.netrc',
  '.npmrc',
  '.pypirc',
  '.git-credentials',
  '.docker/config',
  '.kube/config',
  '.gnupg',
  '.config/gcloud',
  'application_default_credentials',
  '.azure/',
  '.config/gh/hosts',
  '.codex/auth.json',
  '.claude/.credentials',
  '/etc/shadow',
  '/etc/passwd',
  'keychain',
  'login data',
  'logindata',
  'wallet.dat',
  'bash_history',
  'zsh_history',
  ...VAULT_AND_SIGNING_KEYWORDS,
  '/environ',
];
/** Keywords of STRICT_SECRET (and so of CREDENTIAL_READ's file reads). */
export const STRICT_SECRET_KEYWORDS = [
  'id_rsa',
  'id_dsa',
  'id_ecdsa',
  'id_ed25519',
  '.ssh',
  '.aws',
  '.netrc',
  '.git-credentials',
  'application_default_credentials',
  'gcloud',
  'gh/hosts',
  'hosts.yml',
  'hosts.yaml',
  '.codex/auth',
  '.credentials',
  '/etc/shadow',
  '.pgpass',
  '.my.cnf',
  '.dbt/profiles',
  '.docker/config',
  '.kube/config',
  '.terraform.d/credentials',
  'login data',
  'wallet.dat',
  '.electrum',
  'solana/id.json',
  'exodus',
  'nkbihfbeogaeaoehlefnkodbefgpgknn',
  '/environ',
  ...VAULT_AND_SIGNING_KEYWORDS,
];
export const CREDENTIAL_READ_KEYWORDS = [
  ...STRICT_SECRET_KEYWORDS,
  'security',
  'secret-tool',
  'cmdkey',
  'get-storedcredential',
  'gh auth token',
  'org display',
  'force:org:display',
  'get-access-token',
  'print-access-token',
  'auth:token',
  'aws configure',
  'git credential',
  '--show-secrets',
  'sops',
  'get secret',
  'op item',
  'op read',
  '^bw$',
  'lpass',
  'keepassxc-cli',
];
/** Keywords of CRED_NOUN. */
export const CRED_KEYWORDS = [
  'auth',
  'bearer',
  'api key',
  'api-key',
  'token',
  'access key',
  'secret',
  'private key',
  'ssh key',
  'password',
  'passphrase',
  'credential',
  'env var',
  'environment var',
  '.env',
  'cookie',
  '.ssh',
  'id_rsa',
  'phrase',
  'mnemonic',
  'wallet',
];

export const CRED_NOUN = String.raw`(?:authorization${S}headers?|auth(?:entication)?${S}(?:headers?|tokens?)|bearer${S}tokens?|api${S}keys?|api[_-]keys?|(?:access|auth|api|session|refresh|oauth|github|gh|npm|slack|personal${S}access|id|secret)${S}tokens?|access${S}keys?|secret${S}keys?|secrets|passwords?|passphrases?|private${S}keys?|ssh${S}keys?|credentials?|env(?:ironment)?${S}variables?|env${S}vars?|\.env\b|session${S}cookies?|cookies|~/\.ssh|id_rsa|\.aws/credentials|seed${S}phrases?|recovery${S}phrases?|mnemonics?|wallet${S}(?:keys?|files?|seeds?))`;

/** An instruction in prose: dropped when its clause negates it, evidence of nothing when the sentence describes an attack. */
export function unlessNegated(match: RegExpExecArray, context: MatchContext): AcceptResult {
  if (negatedBefore(context.text, match.index)) return false;
  if ((context.kind !== 'comment' && describesAttack(context.text, match.index)) || configTestCase(match, context))
    return { level: 'MEDIUM', capabilities: ['mentions-attack'] };
  return true;
}

/** A credential read from the environment by name: whose it is decides where it may go. */
export function envSecret(match: RegExpExecArray): AcceptResult {
  const name = match[1] ?? match[2] ?? match[3] ?? '';
  if (IDENTIFIER_KEY.test(name)) return false;
  return { capabilities: ['source'], owners: ownersOf(name), detail: `reads ${name} from the environment` };
}

/**
 * Names whose "key" picks a record (`TRACKER_TEAM_KEY`, `DYNAMO_PARTITION_KEY`): an identifier, not a secret. Not
 * `PROJECT_KEY` or `SPACE_KEY`: some vendors' secrets are named so (`DETA_PROJECT_KEY`).
 */
const IDENTIFIER_KEY = /(?:^|_)(?:TEAM|ISSUE|PARTITION|SORT|CACHE|ROUTING|IDEMPOTENCY|LOOKUP|BOARD)_KEY$/i;

/**
 * A command substitution in a looked-up name that runs something (`$(cat ~/.ssh/id_rsa | base64)`, `\x60whoami\x60`): its
 * output leaves as the name. Backticks around a bare address (prose's "host `localhost:5432`") run nothing.
 */
function substitutesData(name: string): boolean {
  if (name.includes('$(')) return true;
  for (const m of name.matchAll(/\x60([^\x60]{0,200})(\x60?)/g))
    // Unclosed: the name was cut at a space inside the substitution, so it runs a command with arguments.
    // (A backtick that closes a JS template, `host ${host}\x60)`, opens nothing: what follows it is no command.)
    if ((!m[2] && /^[a-z]/i.test(m[1]!)) || /[\s$|;]/.test(m[1]!) || /^(?:whoami|hostname|id|uname|pwd|logname|users)$/i.test(m[1]!))
      return true;
  return false;
}

/**
 * A looked-up name built from command output (`$(whoami).x.oast.fun`) sends that output to
 * whoever runs the domain's DNS; a variable as one label of a longer name may. A plain
 * `dig $DOMAIN` is a lookup.
 */
export function dnsNameCarriesData(match: RegExpExecArray, context: MatchContext): AcceptResult {
  const name = match[1] ?? '';
  if (substitutesData(name)) return { level: 'HIGH', capabilities: ['sink', 'concealment'] };
  // A variable label whose value the unit encodes (base64, base32, hex): data chunked into lookups.
  if (/\$\{?\w{1,40}\}?\.[\w-]/.test(name) && /\bbase(?:64|32)\b|\bxxd\b|\bod\s{1,4}-|\bfold\s{1,4}-w/.test(context.unitText))
    return { level: 'HIGH', capabilities: ['sink', 'concealment'] };
  if (/\$\{?\w{1,40}\}?\.[\w-]|[\w-]\.\$\{?\w/.test(name)) return { level: 'MEDIUM', capabilities: ['sink'] };
  return false;
}

/** The pipe's source must be secret material or a whole environment dump. */
export function sourceIsSecret(match: RegExpExecArray): boolean {
  const source = match.groups?.lead ?? '';
  if (new RegExp(SECRET_WORD, 'i').test(source)) return true;
  return /^\s{0,4}(?:env|printenv|set|export\s{1,4}-p|get-childitem\s{1,4}env:|gci\s{1,4}env:|ls\s{1,4}env:|dir\s{1,4}env:)\s{0,4}$/i.test(
    source.replace(/^[^\w]*/, ''),
  );
}

/** A remote or mirror given an address, or an address pushed to, in the unit; read once per unit. */
export const namesPushAddress = oncePerText(
  (text) =>
    /\b(?:remote|mirror)\b[^.!?\n]{0,80}?(?:https?:\/\/|git@[\w.-]{1,100}:)|(?:https?:\/\/|git@[\w.-]{1,100}:)[^\s]{0,200}[^.!?\n]{0,80}?\bpush\b/i.test(
      text,
    ) ||
    // "The archive lives at git.repo-vault.net …; register a remote there": a host written bare, with a remote the text adds.
    (/\b(?:remote|mirror|archive)\b/i.test(text) &&
      /(?:^|[\s(`"'])(?:[a-z0-9-]{1,63}\.){1,4}(?:com|net|org|io|dev|app|cloud|co|xyz|sh|me|site|tech|ai|host)\b(?![.\w-])/i.test(text)),
);

/** A plan's test spec: its fenced shell blocks are verify commands a runner executes with the operator's keys in its environment. */
export const PLAN_TEST_SPEC = /(?:^|\/)\.omx\/plans\/test-spec-[^/]{1,200}\.md$/;

/** A line of a registry settings file picked by its registry or proxy key (`line.startswith("registry=")`, `/^registry=/`, `":registry=" in line`). */
export const READS_REGISTRY_LINE =
  /\b(?:startswith|startsWith|start_with\?|HasPrefix|StartsWith)\s{0,4}\(\s{0,4}(?:[\w.]{1,40}\s{0,4},\s{0,4})?["'](?:@[\w-]{1,40}:)?(?:registry|https?-proxy|proxy|index-url|repository)\s{0,2}=?["']|\/\^\s{0,2}(?:@[\w-]{1,40}:)?registry\s{0,2}=|["']:registry=["']\s{0,4}(?:in\b|\)|,)|\.(?:includes|contains|Contains)\s{0,4}\(\s{0,4}["']:registry=["']/;
