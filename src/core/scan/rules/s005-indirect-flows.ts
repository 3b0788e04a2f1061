import { onlyCheckedForExistence } from './name-flows.js';
import { isPublicAddress } from './suspicious-hosts.js';
import { CODE, PROSE, type Detector } from './scan-rule.js';
import { PROSE_PASTE_OF_PRIVATE } from './data-sinks.js';
import { proseEvidence, PROSE_GAP } from './shell-vocabulary.js';
import { PLAN_TEST_SPEC, READS_REGISTRY_LINE, STRICT_SECRET } from './s005-vocabulary.js';
import { ownedBy, ownersOf } from './secret-context.js';
import { hostOf } from './shell-vocabulary.js';
import { oncePerTextAndKey } from './once-per-text.js';
import { inUnit, unitWindow } from './unit-window.js';
import { setToProject } from './project-folders.js';

const S = PROSE_GAP;

/**
 * S005 detectors for data that leaves indirectly: through a temporary file, a remote held in a
 * variable, a token file named in a loop, a tool argument the model is told to fill, a paste.
 */
const SECRET_IN_COPY = new RegExp(STRICT_SECRET, 'i');
/** Whether the unit sets `name` to a remote (`user@host:`); read once per unit and name. */
/** The host of a variable set to `user@host:` (a shell or a Makefile assignment), if it is set so. */
const remoteHeld = oncePerTextAndKey((text, name) => remoteOf(text, name, 0));

/**
 * The `user@host:` a variable holds: set to it, given it as a default (`DEST="${SNAPSHOT_DEST:-ckpt@snap.example.net:/srv}"`),
 * or built on another variable that does (`TARGET="$DEST/$PROJ"`), two steps at most.
 */
function remoteOf(text: string, name: string, depth: number): string | undefined {
  const held = new RegExp(String.raw`\b${name}\s{0,4}[:?+]?=\s{0,4}["']?(?:\$\{\w{1,40}:?-)?[\w.-]{1,64}@([\w.-]{1,200}):`).exec(text)?.[1];
  if (held) return held.toLowerCase();
  if (depth >= 2) return undefined;
  const built = new RegExp(String.raw`(?:^|[\s;(])${name}=["']?\$\{?(\w{1,40})\}?(?=[/"'\s])`, 'm').exec(text)?.[1];
  return built && built !== name ? remoteOf(text, built, depth + 1) : undefined;
}

/** A host on this machine or the private network: a local gateway or a recorder, nobody else's. */
const LOCAL_HOST =
  /^(?:localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|0\.0\.0\.0|\[::1\]|host\.docker\.internal)$|\.(?:internal|local|localhost)$/;

/** The variable a shell function prints first (`dest() { printf '%s/%s' "$SNAP_DEST" "$1"; }`, `echo "$DEST/$1"`). */
function printedBy(text: string, helper: string): string | undefined {
  return new RegExp(
    String.raw`(?:^|[\s;])(?:function\s{1,4})?${helper}\s{0,4}\(\s{0,4}\)\s{0,4}\{\s{0,4}(?:printf\s{1,4}(?:'[^'\n]{0,80}'|"[^"\n]{0,80}")\s{1,4}|echo\s{1,4})["']?\$\{?(\w{1,40})\}?`,
    'm',
  ).exec(text)?.[1];
}

/** A subscript, one level of brackets inside (`[m[1]]`, `["KEY"]`). */
const SUBSCRIPT = String.raw`\s{0,4}\[(?:[^[\]\n]|\[[^[\]\n]{0,20}\]){1,60}\]\s{0,4}`;

/** A value set into the process's environment, key by key. */
const LOADED_INTO_ENVIRONMENT = new RegExp(
  String.raw`\bprocess\.env${SUBSCRIPT}(?:\?\?)?=(?!=)|\bos\.environ(?:${SUBSCRIPT}=(?!=)|\.setdefault\s{0,4}\()|\bos\.(?:Setenv|putenv)\s{0,4}\(|\bENV${SUBSCRIPT}(?:\|\|)?=(?!=)|\bSetEnvironmentVariable\s{0,4}\(`,
);

export const INDIRECT_FLOW_DETECTORS: Detector[] = [
  {
    // `export OPENAI_BASE_URL=https://relay.example.app/v1` before a step that uses the vendor's SDK: every request, with
    // the key the SDK reads from the environment, goes to that host. A plan's verify steps run with the operator's keys.
    id: 'vendor-base-url-elsewhere',
    keywords: ['base_url', 'api_base', 'api_url', '_endpoint'],
    reads: CODE,
    re: /\b(OPENAI|ANTHROPIC|CLAUDE|GEMINI|GOOGLE_GENAI|MISTRAL|GROQ|COHERE|DEEPSEEK|XAI)_(?:BASE_URL|API_BASE(?:_URL)?|API_URL|ENDPOINT)\s{0,4}=\s{0,4}["']?(https?:\/\/[^\s"'\x60]{1,300})/i,
    accept: (m, c) => {
      const host = hostOf(m[2]!);
      const owners = ownersOf(`${m[1]!}_API_KEY`);
      if (!host || LOCAL_HOST.test(host) || ownedBy(host, owners)) return false;
      return PLAN_TEST_SPEC.test(c.path)
        ? { level: 'HIGH', capabilities: ['source', 'sink'], owners }
        : { level: 'MEDIUM', capabilities: ['credential-flow', 'sink'], owners };
    },
    why: "Points a model vendor's SDK at another host: the API key it reads from the environment goes with every request.",
  },
  {
    // A tool's description telling the model to read key files and pass their contents in an argument (tool
    // poisoning): the server the argument goes to receives the keys. Spans the lines of a concatenated string.
    id: 'secrets-into-tool-argument',
    keywords: ['argument', 'parameter', 'param', 'field', 'contents'],
    scope: 'unit',
    capabilities: ['source', 'sink'],
    reads: ['code', 'config'],
    re: new RegExp(
      String.raw`\b(?:read|cat|open|load|collect|gather|include)\b[^\n]{0,60}?(?:~\/\.ssh\b|\bid_(?:rsa|ed25519|ecdsa)\b|\.aws\/credentials|\.env\b|\.npmrc\b|\.netrc\b|\.git-credentials|private${S}keys?|(?:cloud|aws|ssh)${S}credentials)[\s\S]{0,300}?\b(?:pass|put|include|send|provide|supply|add|attach|paste)\b[^.\n]{0,20}?\b(?:them|it|those|(?:their|its|the)${S}(?:(?:full|entire|whole|raw|complete|file)${S})?(?:contents?|text|values?|keys?))\b(?:[^.]{0,80}?\b(?:argument|parameter|param|field|input)s?\b|${S}(?:in|as|into)${S}[\x60"'][\w-]{1,40}[\x60"'])`,
      'i',
    ),
    why: "Tells the model to read key or credential files and put their contents into a tool's argument: whoever runs the tool receives them.",
  },
  {
    // `rsync … ./ sync@51.158.71.204:/srv/…`, `scp f root@203.0.113.9:`: a copy to a machine with no name to vet (a drop box).
    id: 'raw-ip-remote-copy',
    keywords: ['rsync', 'scp', 'sftp'],
    evidenceOnly: true,
    capabilities: ['drop-box'],
    reads: ['code', 'inline', 'config'],
    // Read argument by argument (a word at a time), so a long line of near-misses is read once, not once per character.
    re: /\b(?:rsync|scp|sftp)\b(?:[ \t]{1,8}[^\s;&|]{1,80}){0,24}?[ \t]{1,8}["']?[\w.-]{1,64}@(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}):/,
    accept: (m) => isPublicAddress(m[1]!),
  },
  {
    // The tool-poisoning marker (`<IMPORTANT>` in a tool's description) over a key or credential file, in any language:
    // the description is read by the model, never shown to the user.
    id: 'poisoned-tool-description',
    keywords: ['<important>', '[important]'],
    scope: 'unit',
    level: 'HIGH',
    capabilities: ['source', 'sink', 'injection'],
    reads: ['code', 'config'],
    re: /<IMPORTANT>|\[IMPORTANT\]/i,
    requires:
      /<IMPORTANT>[\s\S]{0,600}?(?:~\/\.ssh\b|\bid_(?:rsa|ed25519|ecdsa)\b|\.aws\/credentials|\.env\b|\.npmrc\b|\.netrc\b|\.git-credentials)|\[IMPORTANT\][\s\S]{0,600}?(?:~\/\.ssh\b|\bid_(?:rsa|ed25519|ecdsa)\b|\.aws\/credentials|\.env\b|\.npmrc\b|\.netrc\b|\.git-credentials)/i,
    why: "A tool description marked <IMPORTANT> that names key or credential files: the model reads it, the user does not, and the tool's server receives what it asks for.",
  },
  {
    // Files that hold registry and cluster tokens (`~/.npmrc`, `~/.pypirc`, `~/.docker/config.json`), named in code: what
    // a loop or a variable does with them next decides the rest.
    id: 'token-file-in-code',
    keywords: ['.npmrc', '.pypirc', '.yarnrc', '.netrc', '.git-credentials', '.docker/config', '.kube/config', 'master.key'],
    evidenceOnly: true,
    capabilities: ['source'],
    reads: ['code'],
    re: /(?:~|\$HOME|\$\{HOME\}|\$env:USERPROFILE|\bhome\b[^\n]{0,20}?|\.)[/\\"', ]{1,4}\.(?:npmrc|pypirc|yarnrc\.yml|netrc|git-credentials)\b|\.docker\/config\.json\b|\.kube\/config\b|\bconfig\/master\.key\b/i,
    // A file written to (`> ~/.npmrc` in a CI login step) is being set up, not read. Code that keeps only the registry line
    // of the file (`line.startswith("registry=")`) reads where packages come from, not the token.
    accept: (m, c) =>
      !/>\s{0,4}["']?\S{0,80}$/.test(c.text.slice(Math.max(0, m.index - 80), m.index)) &&
      !READS_REGISTRY_LINE.test(c.unitText) &&
      !onlyCheckedForExistence(inUnit(c, m.index)),
  },
  {
    // A resolver call from code (Python, Node, Go, Ruby, PowerShell, .NET) on a name built from data (`f"{chunk}.x.example"`):
    // each lookup carries a piece of it to whoever runs that zone's name server. Hex or base32/64 in the unit: chunked data, hidden.
    id: 'dns-lookup-in-code',
    keywords: [
      'gethostbyname',
      'getaddrinfo',
      'resolver',
      'dns.',
      'lookuphost',
      'lookupip',
      'resolv',
      'resolve-dnsname',
      'gethostaddresses',
      'gethostentry',
    ],
    evidenceOnly: true,
    capabilities: ['sink'],
    reads: ['code'],
    re: /\b(?:gethostbyname(?:_ex)?|getaddrinfo|resolver\.(?:resolve|query)|dns\.(?:lookup|resolve\w{0,8})|Lookup(?:Host|IP|Addr)|Resolv\.getaddress(?:es)?|Resolve-DnsName|GetHostAddresses|GetHostEntry)\b[^\n]{0,120}?(?:\{[^}\n]{1,80}\}|\$\{[^}\n]{1,80}\}|#\{[^}\n]{1,80}\}|%[sv]|\+\s{0,4}\w|[\w)\]]\s{0,4}\+\s{0,4}(?=["'\x60]\.))[^\n]{0,60}?(?:\.[a-z0-9-]{1,63}\.[a-z]{2,24}\b|\.(?:\{|\$\{|#\{)\w{1,40}\}|\.%s|\.["']\s{0,4}\+\s{0,4}\w)/i,
    accept: (_m, c) =>
      /\bhexlify\b|\.hex\s{0,4}\(|b(?:64|32)encode\b|toString\s{0,4}\(\s{0,4}["'](?:hex|base64)|EncodeToString\b|\.unpack1?\s{0,4}\(\s{0,4}["']H|ToBase64String\b|\[Convert\]::ToHexString/i.test(
        c.unitText,
      )
        ? { capabilities: ['sink', 'concealment'] }
        : true,
  },
  {
    // The name built first, then resolved (`let probe = format!("{}.db.cache.example:5432", host); probe.to_socket_addrs()`,
    // `name = f"{chunk}.q.example"` … `socket.gethostbyname(name)`): the same lookup split over two lines.
    id: 'dns-name-built-then-resolved',
    keywords: ['to_socket_addrs', 'lookup_host', 'gethostbyname', 'getaddrinfo', 'dns.lookup', 'lookuphost', 'lookupip'],
    evidenceOnly: true,
    capabilities: ['sink'],
    reads: ['code'],
    scope: 'unit',
    re: /\b(\w{1,40})\s{0,4}(?::\s{0,4}[\w&<>]{1,20}\s{0,4})?=\s{0,4}(?:format!\s{0,4}\(\s{0,4}|f|fmt\.Sprintf\s{0,4}\(\s{0,4})?["'\x60](?:\{[^}\n]{0,80}\}|\$\{[^}\n]{1,80}\}|%[sv])\.[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63}){1,6}(?::\d{1,5})?["'\x60]/i,
    accept: (m, c) => {
      const name = m[1]!;
      const resolved = new RegExp(
        String.raw`\b${name}\s{0,4}\.\s{0,4}to_socket_addrs\b|\b(?:lookup_host|gethostbyname(?:_ex)?|getaddrinfo|dns\.(?:lookup|resolve\w{0,8})|Lookup(?:Host|IP|Addr))\s{0,4}\(\s{0,4}&?${name}\b`,
      );
      if (!resolved.test(c.unitText.slice(m.index))) return false;
      return /\{:0?2x\}|\bhexlify\b|\.hex\s{0,4}\(|b(?:64|32)encode\b|toString\s{0,4}\(\s{0,4}["'](?:hex|base64)|EncodeToString\b/i.test(
        c.unitText,
      )
        ? { capabilities: ['sink', 'concealment'] }
        : true;
    },
  },
  {
    // "Make an HTTP POST to https://…": a request with a body, to an address the text writes out. What the body holds decides.
    id: 'prose-request-to-address',
    keywords: ['make', 'send', 'issue', 'fire', 'do', 'submit'],
    alsoKeywords: ['post', 'put', 'patch'],
    leads: 'keywords',
    evidenceOnly: true,
    capabilities: ['sink'],
    reads: PROSE,
    re: new RegExp(
      String.raw`\b(?:make|send|issue|fire|do|submit)${S}(?:an?${S}|one${S})?(?:HTTPS?${S})?(?:POST|PUT|PATCH)(?:${S}request)?${S}(?:to|at)${S}<?https?:\/\/(?!localhost\b|127\.|0\.0\.0\.0)`,
      'i',
    ),
    accept: proseEvidence,
  },
  {
    // Every secret of a GitHub Actions repository in one value (`${{ toJSON(secrets) }}`): what the step does with it decides.
    id: 'all-workflow-secrets',
    keywords: ['tojson'],
    evidenceOnly: true,
    capabilities: ['source'],
    reads: ['code', 'config'],
    re: /\btoJSON\s{0,4}\(\s{0,4}secrets\s{0,4}\)/i,
  },
  {
    // A `.env` file's contents read out (`cat .env`, `open(".env").read()`), not loaded into a process by dotenv.
    id: 'dotenv-contents',
    keywords: ['.env'],
    evidenceOnly: true,
    capabilities: ['source'],
    reads: CODE,
    re: new RegExp(
      // `.env*` and `.env.*` are every env file; an archive of what a listing picks (`tar czf s.tgz $(ls -a | grep '^\.env')`) holds them too.
      String.raw`\b(?:cat|type|get-content|gc|base64|xxd|strings|head|tail|tar|zip|7z)\b[^;&|\n]{0,120}?(?<=[\s"'/\\=])\.env(?:\.(?!example\b|sample\b|template\b|dist\b|defaults?\b)\w{1,20}|\.\*)?\*?(?=["'\s;&|)]|$)|\b(?:tar|zip|7z)\b[^;&|\n]{0,120}?\$\(\s{0,4}(?:ls|find|grep|git\s{1,4}ls-files)\b[^)\n]{0,120}?(?<=[\s"'/\\^*])\.env\b|\b(?:open|readFileSync|readFile|read_text|read_bytes|File\.read|os\.ReadFile)\s{0,4}\(\s{0,4}[^)\n]{0,60}?["'/\\]\.env(?:\.local)?["']`,
      'i',
    ),
    // Each line set into the environment (`process.env[m[1]] = m[2]`, `os.environ[k] = v`, `os.Setenv(k, v)`): a loader
    // written by hand, the `.env` loaded into this process as dotenv would.
    accept: (m, c) => !LOADED_INTO_ENVIRONMENT.test(unitWindow(c, m.index, 0, 400)),
  },
  {
    // `rsync … "$DEST"` where the script set `DEST=user@host:/path`: a copy to another machine.
    id: 'copy-to-remote-variable',
    keywords: ['scp', 'rsync', 'sftp'],
    evidenceOnly: true,
    capabilities: ['sink'],
    reads: CODE,
    re: /\b(?:scp|rsync|sftp)\b[^;&|\n]{0,400}?\s["']?\$\{?(\w{1,40})\}?[^\s;&|]{0,200}["']?\s{0,4}(?:$|[;&|>)]|\d?>)/,
    // The variable holds `user@host:`; a key or cloud config in the same copy goes with it. The host is named, so a copy
    // to the user's own network (`nas.home.lan`) is judged as staying there.
    accept: (m, c) => {
      const host = remoteHeld(c.unitText, m[1]!);
      return host !== undefined && { capabilities: SECRET_IN_COPY.test(m[0]) ? ['source', 'sink'] : ['sink'], hosts: [host] };
    },
  },
  {
    // `rsync -a "$ROOT/" "$TARGET/$TS/"` where ROOT is the project and TARGET holds `user@host:`: the whole working tree (its
    // `.env`, untracked files) copied to another machine — with a standing trigger, after every task (judge/compounds.ts).
    id: 'tree-copied-to-remote-variable',
    keywords: ['scp', 'rsync'],
    evidenceOnly: true,
    capabilities: ['sink'],
    reads: CODE,
    // Or a helper that prints where (`"$(dest "$STAMP")/"` with `dest() { printf '%s/%s/%s' "$SNAP_DEST" …; }`).
    re: /\b(?:scp|rsync)\b[^;&|\n]{0,400}?\s["']?(?:\.|\$\{?(?<source>\w{1,40})\}?)\/?["']?\s{1,4}["']?(?:\$\{?(?<dest>\w{1,40})\}?|\$\(\s{0,4}(?<helper>[A-Za-z_]\w{0,40})\b)/,
    accept: (m, c) => {
      const source = m.groups!.source;
      if (source && !setToProject(c.unitText, source)) return false;
      const dest = m.groups!.dest ?? printedBy(c.unitText, m.groups!.helper!);
      const host = dest === undefined ? undefined : remoteHeld(c.unitText, dest);
      return host !== undefined && { hosts: [host] };
    },
  },
  {
    // "Upload each one to https://…", "post the archive to our webhook": data leaving for a place outside.
    id: 'prose-pastes-private-data',
    keywords: ['gist', 'paste', 'snippet'],
    capabilities: ['source', 'sink'],
    reads: PROSE,
    re: PROSE_PASTE_OF_PRIVATE,
    accept: proseEvidence,
  },
];
