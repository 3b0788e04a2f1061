import { sendsWrittenMessageOnly } from './data-sinks.js';
import { oncePerText } from './once-per-text.js';
import { sshIdentityAt } from './ssh-identity.js';
import { ALL } from './scan-rule.js';
import { NETWORK_SINK, PIPE, pipeAfter, SECRET_FILE } from './shell-vocabulary.js';
import {
  credentialFileOwners,
  credentialOwners,
  hostNamedForOwner,
  ownersOf,
  secretVariableLevel,
  withUrlVariables,
} from './secret-context.js';

import {
  NETWORK_COMMAND,
  STRICT_SECRET,
  CREDENTIAL_READ,
  CREDENTIAL_GLOB,
  NETWORK_COMMAND_KEYWORDS,
  SECRET_FILE_KEYWORDS,
  STRICT_SECRET_KEYWORDS,
  CREDENTIAL_READ_KEYWORDS,
  dnsNameCarriesData,
  sourceIsSecret,
  PLAN_TEST_SPEC,
} from './s005-vocabulary.js';
import type { Detector } from './scan-rule.js';
import { onlyCheckedForExistence } from './name-flows.js';
import { inUnit } from './unit-window.js';
import { onlyListedKept, powershellListedKept, vendorKeysKeptForIssuer } from './environment-allow-lists.js';

/**
 * The environment walked for its names or for whether each is set (`{k: bool(v) for k, v in os.environ.items() …}`,
 * `[k for k, _ in os.environ.items()]`): no value is kept, so none can leave.
 */
function onlyPresenceKept(text: string, at: number): boolean {
  return /[{[]\s{0,4}(\w{1,40})\s{0,4}(?::\s{0,4}(?:bool|len|type)\s{0,4}\(\s{0,4}\w{1,40}\s{0,4}\)\s{0,4})?\s{1,4}for\s{1,4}\1\s{0,4},\s{0,4}\w{1,40}\s{1,4}in\s{1,4}os\.environ\.items\s{0,4}\(/.test(
    text.slice(Math.max(0, at - 80), at + 80),
  );
}

/**
 * A file named for the credential it holds (`oauth2service.json`, `client_secrets.json`, `secrets.yaml`, Google's
 * `token.json`): sent as a request's body, it is the credential leaving, wherever it lives.
 */
const CREDENTIAL_FILE_NAME = String.raw`(?:oauth2?[\w-]{0,30}|[\w-]{0,30}service[-_]?account[\w-]{0,30}|client[-_]?secrets?[\w-]{0,20}|credentials|secrets|token)\.(?:json|txt|ya?ml)\b`;
const CREDENTIAL_FILE_NAME_KEYWORDS = [
  'oauth',
  'service_account',
  'service-account',
  'serviceaccount',
  'client_secret',
  'client-secret',
  'credentials.',
  'secrets.',
  'token.',
];

/** A keychain item read by name, or a cloud CLI's own token, has an owner: the host it is sent to may be its issuer. */
function credentialOwner(m: RegExpExecArray, c: { text: string }): true | { owners: readonly string[] } {
  const owners = credentialOwners(c.text.slice(m.index, m.index + 200).split('\n', 1)[0]!);
  return owners.length ? { owners } : true;
}

const SECRET_IN_COPY = new RegExp(STRICT_SECRET, 'gi');

/** A credential read only to sign in over SSH, or else {@link credentialOwner}. */
function unlessSshIdentity(m: RegExpExecArray, c: { text: string }): boolean | { owners: readonly string[] } {
  const key = m[0].search(/[~$]?[\w{}]{0,10}\/?\.ssh\//);
  if (key >= 0 && sshIdentityAt(c.text, m.index + key)) return false;
  return credentialOwner(m, c);
}

/**
 * Whether an upload goes to a bucket held only in a variable the unit never gives a value of its own
 * (`s3://${BACKUP_BUCKET}/`, with no `BACKUP_BUCKET=…` or `${BACKUP_BUCKET:-…}` default): the destination
 * the user configured. A bucket written in the text, or a default the text supplies, is the author's.
 */
function usersOwnBucket(upload: string, unitText: string): boolean {
  const variable = /\b(?:s3|gs):\/\/\$\{?(\w{1,60})\}?/.exec(upload)?.[1];
  return variable !== undefined && !givenValue(unitText).has(variable);
}

/** Variables a unit gives a value of its own (`NAME=value`, or a default `${NAME:-value}`); read once per unit. */
const givenValue = oncePerText(
  (text) => new Set([...text.matchAll(/\b(\w+)(?==["']?[^\s"'$])/g), ...text.matchAll(/\$\{(\w+):?[-=][^}$]/g)].map((m) => m[1]!)),
);

/**
 * Whether the last pipe of a match sits inside a quoted string on its line (`grep -nE 'curl|wget|nc ' ~/.bashrc`): an
 * alternation in a pattern searched for, not a pipe into a network command.
 */
function lastPipeQuoted(text: string, at: number, matched: string): boolean {
  const last = matched.lastIndexOf('|');
  if (last < 0) return false;
  const pipe = at + last;
  const line = text.slice(text.lastIndexOf('\n', pipe - 1) + 1, pipe);
  return (line.match(/'/g) ?? []).length % 2 === 1 || (line.match(/"/g) ?? []).length % 2 === 1;
}

/** Secrets read in code and sent: piped, uploaded, substituted into requests, dumped from the environment or the cloud metadata service. */
export const CODE_FLOW_DETECTORS: readonly Detector[] = [
  {
    id: 'secret-piped-to-network',
    keywords: NETWORK_COMMAND_KEYWORDS,
    re: new RegExp(
      String.raw`${pipeAfter(String.raw`\b(?:cat|type|less|head|tail|strings|base64|xxd|gzip|tar|zip|gpg|openssl|get-content|gc|jq|sed|awk|grep|find|env|printenv|set|export|gci|get-childitem|ls|dir|security|echo|printf)\b`)}(?:[^|]{0,300}${PIPE}){0,2}[^|]{0,300}?${NETWORK_COMMAND}`,
      'i',
    ),
    reads: ALL,
    accept: (m, c) => sourceIsSecret(m) && !lastPipeQuoted(c.text, m.index, m[0]),
  },
  {
    id: 'upload-secret-file',
    keywords: [
      'curl',
      'wget',
      'http',
      '^iwr$',
      '^irm$',
      'invoke-',
      '^nc$',
      'ncat',
      'netcat',
      'gh gist',
      'huggingface-cli',
      '^hf$',
      'gh release',
    ],
    alsoKeywords: [...SECRET_FILE_KEYWORDS, ...CREDENTIAL_FILE_NAME_KEYWORDS],
    leads: 'keywords',
    re: new RegExp(
      String.raw`\b(?:curl|wget|http|https|iwr|irm|invoke-webrequest|invoke-restmethod|nc|ncat|netcat)\b[^|;&]{0,300}?(?:@|--post-file[=\s]|--body-file[=\s]|--upload-file\s|\s-T\s|-InFile\s|<\s{0,4})["']?[^\s"']{0,80}?(?:${SECRET_FILE}|${CREDENTIAL_FILE_NAME})|\bgh\s{1,4}gist\s{1,4}(?:create|edit)\b[^;&|]{0,200}?${SECRET_FILE}|\b(?:huggingface-cli|hf)\s{1,4}upload\b[^;&|\n]{0,200}?\s["']?${SECRET_FILE}|\bgh\s{1,4}release\s{1,4}upload\b[^;&|\n]{0,200}?\s["']?${SECRET_FILE}`,
      'i',
    ),
    reads: ALL,
  },
  {
    id: 'copy-secret-to-remote',
    keywords: ['scp', 'rsync', 'sftp'],
    // The lookahead (implied by the match: a secret is at most 40 characters) fails fast where no remote `host:` follows, so a
    // line dense with tools and secret paths does not retry every secret against every later position.
    re: new RegExp(String.raw`\b(?:scp|rsync|sftp)\b(?=[^;&|]{0,360}?\S:)[^;&|]{0,160}?${STRICT_SECRET}[^;&|]{0,160}?\S:`, 'i'),
    // `scp -i ~/.ssh/deploy_key build.tgz host:` signs in with the key and copies the build.
    accept: (m, c) => {
      for (const k of m[0].matchAll(SECRET_IN_COPY)) if (!sshIdentityAt(c.text, m.index + k.index)) return true;
      return false;
    },
  },
  {
    id: 'secret-variable-in-request',
    keywords: ['curl', 'wget', '^iwr$', '^irm$', 'invoke-', 'http', '^nc$', 'ncat'],
    // `&` joins a URL's query (`?a=1&gh=$GITHUB_TOKEN`), not commands, when a word follows it.
    // `http`/`https` are HTTPie's commands; in an address (`https://…`) they are the scheme, not a request.
    re: /\b(?:curl|wget|iwr|irm|invoke-webrequest|invoke-restmethod|http|https|nc|ncat)\b(?!:\/\/)(?:[^|;&]|&(?=\w)){0,300}?\$[{(]?(?:env:)?(\w{0,40}(?:TOKEN|SECRET|API_?KEY|APIKEY|PASSWORD|PASSWD|PRIVATE_KEY|CREDENTIALS?|ACCESS_KEY)\w{0,20})\b/i,
    accept: (m, c) => {
      const variable = m[1] ?? '';
      const at = m.index + m[0].length - variable.length;
      // An address held in a variable the unit sets is that address.
      const line = withUrlVariables(c.text, c.unitText);
      const shifted = line === c.text ? at : withUrlVariables(c.text.slice(0, at), c.unitText).length;
      const found = secretVariableLevel(line, shifted, variable, c.secretNames);
      // A plan's verify commands run with the runner's keys in their environment: a vendor's key to another host leaves there.
      // A company's own key to a domain named for it (`ACME_TOKEN` to `acme-billing.com`) is not a vendor's key elsewhere.
      const owners = ownersOf(variable);
      const level =
        found === 'MEDIUM' && owners.length > 0 && PLAN_TEST_SPEC.test(c.path) && !hostNamedForOwner(line, owners) ? 'HIGH' : found;
      // HIGH: to a drop box, a vendor's key to another host, a key that is never sent, one the operator passes to agents;
      // MEDIUM: to a host not known to be its issuer.
      return level === false ? false : { level, capabilities: level === 'HIGH' ? ['source', 'sink'] : ['credential-flow', 'sink'], owners };
    },
  },
  {
    // A credential file named in code (read indirectly: a list of paths, a glob, expanduser).
    id: 'credential-path-in-code',
    keywords: STRICT_SECRET_KEYWORDS,
    evidenceOnly: true,
    inStrings: true,
    capabilities: ['source'],
    re: new RegExp(String.raw`["'\x60](?:~|\$HOME|%USERPROFILE%)?[^"'\x60\s]{0,60}?${STRICT_SECRET}[^"'\x60\s]{0,60}["'\x60]`, 'i'),
    reads: ['code'],
    // A CLI's own sign-in file holds that service's token: sent to that service, it signs in where it was issued.
    accept: (m, c) => {
      if (onlyCheckedForExistence(inUnit(c, m.index))) return false;
      const owners = credentialFileOwners(m[0]);
      return owners ? { owners } : true;
    },
  },
  {
    // Data leaving in a request body, an upload or a raw socket (not a plain GET).
    id: 'upload-or-post',
    keywords: [
      'requests.',
      'httpx.',
      'axios.',
      'urlopen',
      'urllib',
      'method',
      'curl',
      'wget',
      'invoke-',
      '.sendall',
      'smtplib',
      'ftplib',
      'paramiko',
      'gist',
      'sendmail',
      '^mail',
      'send-mailmessage',
      'scp',
      'rsync',
      'sftp',
      '^nc$',
      'ncat',
      'netcat',
      'rclone',
      'git',
      'fetch',
      '.send',
      'aws',
      'gsutil',
      'http.post',
      'http.put',
      'http.patch',
      'restclient',
      'net::http',
      '.post',
      '.put',
      '.patch',
      'upload',
      'bodypublishers',
      'mosquitto_pub',
      's_client',
      'socat',
      'kcat',
      'kafkacat',
      'nats',
      'http post',
      'http put',
      'http patch',
      'req_body_',
      ':httpc',
      'wp_remote_',
      'wp_safe_remote_',
    ],
    evidenceOnly: true,
    capabilities: ['sink'],
    re: /\bwp_(?:safe_)?remote_(?:post|request)\s{0,4}\(|:httpc\.request\s{0,4}\(\s{0,4}:(?:put|post|patch)\b|\breq_body_(?:multipart|json|raw|file|form)\s{0,4}\(|\brequests\.(?:post|put|patch)\s{0,4}\(|\bhttp\s{1,4}(?:post|put|patch)\s{1,4}(?=[-$"'(\w])|\bhttpx\.(?:post|put)\s{0,4}\(|\baxios\.(?:post|put)\s{0,4}\(|\burlopen\s{0,4}\([^)]{0,200}?\bdata\s{0,4}=|\burllib\.request\.Request\s{0,4}\([^)]{0,200}?\bdata\s{0,4}=|\bmethod\s{0,4}[:=]\s{0,4}["'](?:POST|PUT|PATCH|post|put|patch)["']|\bcurl\b[^;&|"]{0,200}?(?:(?:"[^"\n]{0,300}"|\$\([^()\n]{0,120}\))[^;&|"]{0,200}?){0,3}\s(?:-[a-zA-Z]{0,5}[dFT]|--data(?:-binary|-raw|-urlencode)?|--form|--upload-file)(?=[\s=])|(?<=\s)\|\s{0,4}(?:timeout\s{1,4}[\d.]{1,6}[smh]?\s{1,4})?(?:openssl\s{1,4}s_client|socat|ncat|netcat|nc)\s{1,4}(?![|)'"])|\bwget\b[^;&|]{0,100}?--post-(?:data|file)\b|\bInvoke-(?:WebRequest|RestMethod)\b[^;|]{0,200}?-Method\s{1,4}(?:Post|Put)\b|\.sendall\s{0,4}\(|\bsmtplib\.SMTP|\bftplib\.FTP|\bparamiko\.SFTP|\bgh\s{1,4}gist\s{1,4}create\b|\b(?:sendmail|mailx?)\s{1,4}(?:-[\w-]{1,20}\s{1,4}){0,4}[\w.+-]{1,64}@[\w.-]{1,200}|\bSend-MailMessage\b|\b(?:scp|rsync|sftp)\b[^;&|]{0,200}?\s[\w.-]{1,64}@[\w.-]{1,200}:|\b(?:nc|ncat|netcat)\s{1,4}[^;&|<]{0,120}<\s{0,4}\S|\brclone\s{1,4}(?:copy|sync|move)\b|\b(?:mosquitto_pub|kcat|kafkacat)\b[^;&|\n]{0,200}?\s-[mfsPl]\b|\bnats\s{1,4}(?:pub|publish|req|request)\b|\bgit\s{1,4}push\s{1,4}(?:-[\w-]{1,20}\s{1,4}){0,3}["']?(?:https?:\/\/|git@|ssh:\/\/)|\bfetch\s{0,4}\([^)]{0,300}?\bbody\s{0,4}:|\bhttp\.Post(?:Form)?\s{0,4}\(|\.PostForm\s{0,4}\(|\.Post\s{0,4}\([^,()]{1,200},\s{0,4}["'\x60][\w.+-]{1,40}\/[\w.+-]{1,60}["'\x60]\s{0,4},|\.(?:Post|Put|Patch)(?:AsJson)?Async\s{0,4}\(|\bUpload(?:String|File|Data|Values)(?:Async|TaskAsync)?\s{0,4}\(|\.POST\s{0,4}\(\s{0,4}(?:HttpRequest\.)?BodyPublishers\b|\.(?:post|put|patch)\s{0,4}\([^()]{1,200}?(?:\([^()]{0,100}\)[^()]{0,100}?)?\)\s{0,4}\.(?:body|json|form|multipart|send)\s{0,4}\(|\b(?:HTTParty|Faraday|Excon|got|needle|superagent|ky|HTTP)\.(?:post|put|patch)\b|\bRestClient\.(?:post|put)\b|\bNet::HTTP\.post(?:_form)?\b|\.send\s{0,4}\(\s{0,4}(?:JSON\.stringify|data|body|payload)|\b(?:aws\s{1,4}s3|gsutil(?:\s{1,4}-m)?)\s{1,4}(?:cp|sync|mv|rsync)\s{1,4}(?:-[\w-]{1,30}\s{1,4}){0,6}(?!["']?(?:s3|gs):\/\/)["']?[^\s;&|"']{1,200}["']?\s{1,4}["']?(?:s3|gs):\/\/|\[\s{0,4}["'](?:aws["']\s{0,4},\s{0,4}["']s3|gsutil)["']\s{0,4},\s{0,4}["'](?:cp|sync|mv|rsync)["']\s{0,4},\s{0,4}(?!f?["'](?:s3|gs):)[^,\]]{1,100},\s{0,4}f?["'](?:s3|gs):\/\//i,
    // WordPress's `wp_remote_post()` sends; Nushell's and HTTPie's `http post <url> <body>` send too, as do R's httr2 request given a body (`req_body_multipart(…)`)
    // and Erlang's `:httpc.request(:put, {url, [], type, body}, …)` from Elixir.
    // `aws s3 sync ./dir s3://…` (a local folder to a bucket) sends; the other way round it downloads. Also as an argument list,
    // and written out in a sentence or an HTML comment ("then run curl -X POST … --data-binary @out.txt").
    reads: ALL,
    // A bucket named only by a variable the step never sets (`s3://${BACKUP_BUCKET}/`) is the one the user configured.
    // Piped into a raw client (`| nc 127.0.0.1 9000`, `| openssl s_client -connect localhost:8443`): to this machine, nobody's.
    accept: (m, c) =>
      !usersOwnBucket(c.text.slice(m.index, m.index + m[0].length + 100), c.unitText) &&
      !sendsWrittenMessageOnly(c.text.slice(m.index).split('\n', 1)[0]!) &&
      !(
        m[0].startsWith('|') &&
        /^[^\n;&|]{0,120}?(?:\blocalhost\b|\b127\.\d{1,3}\.\d{1,3}\.\d{1,3}\b|\[::1\])/.test(c.text.slice(m.index + m[0].length))
      ),
  },
  {
    // A request built over several lines with a body (`Request(url,\n data=…)`), then sent.
    id: 'request-with-body',
    keywords: ['request(', 'requestmethod'],
    evidenceOnly: true,
    capabilities: ['sink'],
    scope: 'unit',
    reads: ['code'],
    // One level of nested calls in the arguments (`Request(base + socket.gethostname(), data=body)`).
    re: /\b(?:urllib\.request\.)?Request\s{0,4}\([^()]{0,300}?(?:\([^()]{0,60}\)[^()]{0,200}?){0,4}\bdata\s{0,4}=|\bhttp\.NewRequest\s{0,4}\(\s{0,4}["'](?:POST|PUT)["']|\b(?:requestMethod\s{0,4}=|setRequestMethod\s{0,4}\()\s{0,4}["'](?:POST|PUT)["']|\bnew\s{1,4}HttpRequestMessage\s{0,4}\(\s{0,4}HttpMethod\.Post|\bNet::HTTP::Post\.new\b/,
  },
  {
    id: 'read-secret-then-send',
    keywords: CREDENTIAL_READ_KEYWORDS,
    scope: 'unit',
    re: new RegExp(CREDENTIAL_READ, 'i'),
    requires: new RegExp(NETWORK_SINK, 'i'),
    accept: unlessSshIdentity,
    why: 'Reads private keys, cloud credentials or a keychain and sends data over the network in the same block.',
  },
  {
    id: 'glob-secrets-then-send',
    keywords: ['glob'],
    scope: 'unit',
    re: CREDENTIAL_GLOB,
    requires: new RegExp(NETWORK_SINK, 'i'),
    why: 'Searches the disk for credential files and sends data over the network in the same block.',
  },
  {
    id: 'glob-secrets',
    keywords: ['glob'],
    level: 'MEDIUM',
    capabilities: ['source'],
    re: CREDENTIAL_GLOB,
    why: "Searches the disk for credential files (a stealer's first step).",
  },
  {
    id: 'read-credentials',
    keywords: CREDENTIAL_READ_KEYWORDS,
    level: 'MEDIUM',
    capabilities: ['source'],
    re: new RegExp(CREDENTIAL_READ, 'i'),
    accept: unlessSshIdentity,
    why: 'Reads private keys, cloud credentials, password hashes or a keychain: credential access, whatever happens to them next.',
  },
  {
    id: 'dns-exfiltration',
    keywords: ['nslookup', '^dig$', '^host$', 'resolve-dnsname'],
    // The lookup program in command position (not `Write-Host`, `--host`, `req.get("host")` or `Host:`),
    // then the name it resolves.
    re: /(?<![^\s;&|(\x60])(?:nslookup|dig|host|resolve-dnsname)(?:\s{1,4}[-+@][^\s;&|]{0,40}){0,4}\s{1,4}([^\s;&|]{0,200})/i,
    accept: dnsNameCarriesData,
    why: 'Puts command output or a variable into a DNS name: data leaves through DNS, past most egress filters.',
  },
  {
    id: 'secret-substituted-into-request',
    keywords: ['curl', 'wget', '^iwr$', '^irm$', 'invoke-', '^nc$', 'ncat'],
    reads: ALL,
    re: new RegExp(
      String.raw`\b(?:curl|wget|iwr|irm|invoke-webrequest|invoke-restmethod|nc|ncat)\b[^|;&]{0,200}?(?:\$\(|\x60)\s{0,4}(?:env|printenv|set|(?:cat|type|base64|gc|get-content)\s[^)\x60]{0,80}?${SECRET_FILE})\b`,
      'i',
    ),
    why: 'Substitutes the environment or a secret file straight into a network request.',
  },
  {
    id: 'environment-dump-then-send',
    keywords: ['os.environ', 'process.env', 'env:', 'printenv', '$env'],
    scope: 'unit',
    // jq's `$ENV` (or `env`) is the whole environment as an object: `$ENV | to_entries` lists every variable.
    re: /\$ENV\s{0,4}(?:\|\s{0,4}(?:to_entries|tostring|tojson|keys)|\)|\})|\b(?:json\.dumps|dict|str|repr)\s{0,4}\(\s{0,4}os\.environ\s{0,4}\)|\bos\.environ\.items\s{0,4}\(|\bJSON\.stringify\s{0,4}\(\s{0,4}process\.env\s{0,4}[,)]|\bObject\.(?:entries|keys|values)\s{0,4}\(\s{0,4}process\.env\s{0,4}\)|\b(?:get-childitem|gci)\s{1,4}env:|\bprintenv\s{0,4}>/i,
    requires: new RegExp(NETWORK_SINK, 'i'),
    accept: (m, c) =>
      !onlyPresenceKept(c.text, m.index) &&
      !onlyListedKept(c.text, m.index) &&
      !powershellListedKept(m[0], c.unitText) &&
      !vendorKeysKeptForIssuer(c.text, m.index, c.unitText),
    why: 'Collects every environment variable (where tokens live) and sends data over the network in the same block.',
  },
  {
    id: 'environment-dump',
    keywords: ['os.environ', 'process.env', 'env:'],
    level: 'MEDIUM',
    capabilities: ['source'],
    scope: 'unit',
    re: /\bfor\s{1,4}\w{1,40}\s{0,4},\s{0,4}\w{1,40}\s{1,4}in\s{1,4}os\.environ\.items\s{0,4}\(|\b(?:print|pprint|json\.dumps?|logging\.\w{1,10}|logger\.\w{1,10})\s{0,4}\(\s{0,4}(?:dict\s{0,4}\(\s{0,4})?os\.environ\b(?!\s{0,4}[.[])|\bconsole\.(?:log|error|info)\s{0,4}\(\s{0,4}(?:JSON\.stringify\s{0,4}\(\s{0,4})?process\.env\s{0,4}[,)]|\b(?:get-childitem|gci|dir|ls)\s{1,4}env:(?!\w)/i,
    requires:
      /\bprint\s{0,4}\(|\bconsole\.\w{2,6}\s{0,4}\(|\.write\s{0,4}\(|\bjson\.dump|\blogging\.|\blogger\.|\bget-childitem\b|\bgci\b|\b(?:dir|ls)\s{1,4}env:/i,
    accept: (m, c) => !onlyPresenceKept(c.text, m.index) && !onlyListedKept(c.text, m.index) && !powershellListedKept(m[0], c.unitText),
    why: "Prints or logs every environment variable (where tokens live): they end up in the agent's context and its logs.",
  },
  {
    id: 'cloud-metadata-credentials',
    keywords: ['169.254.169.254', 'metadata.google.internal', '169.254.170.2'],
    re: /169\.254\.169\.254[^\s"']{0,80}?(?:security-credentials|identity|token)|metadata\.google\.internal[^\s"']{0,120}?token|169\.254\.170\.2\b/i,
    reads: ALL,
    why: 'Reads cloud instance credentials from the metadata service: whoever gets the output controls the cloud account.',
  },
];
