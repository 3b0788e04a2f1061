/**
 * Regular-expression fragments shared by the command rules, as source strings. Every
 * repetition is bounded so that composed patterns stay linear on adversarial input.
 */

/** Tools that download: shell, PowerShell, Windows built-ins. */
export const DOWNLOADER = String.raw`(?:\b(?:curl|wget|aria2c|iwr|irm|invoke-webrequest|invoke-restmethod|lwp-download|lwp-request|start-bitstransfer)\b|\bfetch\s{1,4}-|\bcertutil(?:\.exe)?\s{1,4}[^|]{0,40}-urlcache|\bbitsadmin(?:\.exe)?\s{1,4}/transfer|\.download(?:string|data|file)(?:async)?\s{0,4}\()`;

/** A pipe, not `||`. `|&` pipes stderr too. */
export const PIPE = String.raw`(?<!\|)\|(?!\|)&?`;

/**
 * A pipe whose left-hand command matches `lead` (captured as the named group `lead`). The
 * lookbehind runs only where a pipe is, so a long command costs one backward scan per pipe,
 * not one forward scan per word.
 */
export function pipeAfter(lead: string, reach = 1000): string {
  return String.raw`(?<!\|)\|(?<=(?<lead>${lead}[^|]{0,${reach}})\|)(?!\|)&?`;
}

/** Programs that execute the text they are given on stdin. */
export const SHELL = String.raw`(?:(?:ba|z|da|k|c|tc|a|y|mk)?sh|fish)`;
export const INTERPRETER = String.raw`(?:${SHELL}|pwsh(?:\.exe)?|powershell(?:\.exe)?|python(?:[23](?:\.\d{1,2})?)?|py|node(?:js)?|deno|bun|perl|ruby|php|lua|osascript|iex|invoke-expression)`;

/** Optional `/usr/local/bin/`-style prefix of a program. */
const BIN_PREFIX = String.raw`(?:(?:/usr)?(?:/local)?/s?bin/)?`;
/** `sudo -E -u root `, `env FOO=1 `: wrappers that still run the next program. */
const WRAPPERS = String.raw`(?:sudo(?:\s{1,4}-{1,2}[\w-]{1,20}(?:[=\s]{1,4}[\w-]{1,20})?){0,4}\s{1,4})?${BIN_PREFIX}(?:env(?:\s{1,4}(?:-[\w-]{1,20}|\w{1,40}=[^\s|]{0,100})){0,4}\s{1,4}${BIN_PREFIX})?`;
/**
 * Arguments after an interpreter that make it read stdin as data, not code: `python -m
 * json.tool`, `node -e …`, `bash -c '…'`, `python script.py`.
 */
export const READS_STDIN_AS_DATA = String.raw`(?!\s{1,4}(?:-[a-z]{0,3}[cemnp]\b|--?(?:command|eval|print|module|version|help)\b|[\w./-]{1,200}\.(?:py|js|mjs|cjs|pl|rb|sh|bash|php|lua|ts|ps1)\b))`;

/** What comes after a pipe and executes the piped text. */
export const PIPE_TARGET = String.raw`(?:${WRAPPERS}(?:xargs(?:\s{1,4}-{1,2}[\w-]{1,20}(?:\{\}|[=\s]{1,4}(?:\{\}|\d{1,4}|[\w-]{1,20}))?){0,6}\s{1,4}${BIN_PREFIX}${WRAPPERS}${INTERPRETER}\b|${INTERPRETER}\b${READS_STDIN_AS_DATA}))`;

/** Interpreters that run a file or a `-c` string (download-then-run, process substitution). */
export const RUNNER = String.raw`(?:${SHELL}|source|pwsh|powershell|python[23]?|node|perl|ruby|php|eval|exec)`;

/** Any character but a sentence end: `.`, `!` or `?` followed by a word character or `/` (a file name, a URL) is not one. */
export const NOT_SENTENCE_END = String.raw`(?:[^.!?]|[.!?](?=[\w/]))`;

/** Files and words that name secret material. */
export const SECRET_FILE = String.raw`(?:\.env\b|id_(?:rsa|dsa|ecdsa|ed25519)\b(?!\.pub)|\.ssh/|\.aws/(?:credentials|config)|\.netrc|\.npmrc|\.pypirc|\.git-credentials|\.docker/config\.json|\.kube/config|\.gnupg|\.config/gcloud|application_default_credentials|\.azure/|\.config/gh/hosts|\.codex/auth\.json|\.claude/\.credentials|/etc/shadow|/etc/passwd|keychain|login\s{0,2}data|wallet\.dat|\.bash_history|\.zsh_history)`;
export const SECRET_WORD = String.raw`(?:${SECRET_FILE}|secrets?\b|tokens?\b|api[_-]?keys?|passw(?:or)?ds?\b|credentials?\b|private[_-]?key)`;

/** Programs and calls that send data over the network. */
export const NETWORK_SINK = String.raw`(?:\b(?:curl|wget|nc|ncat|netcat|socat|telnet|scp|sftp|ftp|rsync|sendmail|mailx?|iwr|irm|invoke-webrequest|invoke-restmethod|send-mailmessage)\b|\bopenssl\s{1,4}s_client\b|\brequests\.(?:post|put|patch|get)\s{0,4}\(|\burllib\d?\.request\b|\burlopen\s{0,4}\(|\bhttpx\.(?:post|put|get|Client)\b|\bhttp\.client\b|\baiohttp\b|\bfetch\s{0,4}\(|\baxios(?:\.(?:post|put|get))?\s{0,4}\(|\bXMLHttpRequest\b|\bsocket\.(?:connect|send|sendall|create_connection)\b|\.(?:connect|sendall)\s{0,4}\(\s{0,4}\(|\bsmtplib\b|\bnet\.webclient\b|\.upload(?:string|file|data)\s{0,4}\(|\bhttps?\.(?:request|get)\s{0,4}\(|\bnet\.(?:connect|createConnection)\s{0,4}\(|\bnew\s{1,4}WebSocket\b|\burllib3\b|\bftplib\b|\bparamiko\b|\bInvoke-(?:WebRequest|RestMethod)\b)`;

/** Known vendor installer hosts (and path prefixes): piping these to a shell is still risky, but expected. */
const KNOWN_INSTALLERS: readonly string[] = [
  'sh.rustup.rs',
  'static.rust-lang.org/rustup',
  'astral.sh/',
  'bun.sh/install',
  'bun.com/install',
  'deno.land/install',
  'deno.land/x/install',
  'get.docker.com',
  'raw.githubusercontent.com/homebrew/install/',
  'raw.githubusercontent.com/nvm-sh/nvm/',
  'raw.githubusercontent.com/helm/helm/',
  'raw.githubusercontent.com/pyenv/pyenv-installer/',
  'pyenv.run',
  'get.pnpm.io/install',
  'install.python-poetry.org',
  'fnm.vercel.app/install',
  'ollama.com/install',
  'ollama.ai/install',
  'claude.ai/install',
  'opencode.ai/install',
  'cursor.com/install',
  'gh.io/copilot-install',
  'get.k3s.io',
  'sdk.cloud.google.com',
  'aka.ms/installazurecli',
  'starship.rs/install',
  'mise.run',
  'mise.jdx.dev',
  'pixi.sh/install',
  'get.volta.sh',
  'volta.sh',
  'get.sdkman.io',
  'foundry.paradigm.xyz',
  'tailscale.com/install',
  'install.determinate.systems/nix',
  'nixos.org/nix/install',
  'get.rvm.io',
  'deb.nodesource.com/setup',
  'rpm.nodesource.com/setup',
  'dot.net/v1/dotnet-install',
  'fly.io/install',
  'install.duckdb.org',
  'cli.github.com',
  'yarnpkg.com/install.sh',
  'install.perlbrew.pl',
  'raw.githubusercontent.com/aquasecurity/trivy/',
  'raw.githubusercontent.com/creationix/nvm/',
  'raw.github.com/creationix/nvm/',
  'raw.githubusercontent.com/golangci/golangci-lint/',
  'sh.vector.dev',
  'get.jetify.com/devbox',
  'raw.githubusercontent.com/ohmyzsh/ohmyzsh/',
  'raw.githubusercontent.com/anchore/',
  'railway.app/install',
  'get.pulumi.com',
  'cli.doppler.com/install',
];

/** The https URL's host and path (lower case) when it is a known vendor installer. */
export function isKnownInstallerUrl(url: string): boolean {
  const m = /^https:\/\/([^/\s"'`?#)]+)([^\s"'`?#)]*)/i.exec(url);
  if (!m) return false;
  const host = m[1]!.toLowerCase();
  const hostPath = `${host}${m[2]!.toLowerCase()}`;
  return KNOWN_INSTALLERS.some((known) => {
    const slash = known.indexOf('/');
    const knownHost = slash < 0 ? known : known.slice(0, slash);
    if (host !== knownHost && host !== `www.${knownHost}`) return false;
    return slash < 0 || hostPath.replace(/^www\./, '').startsWith(known);
  });
}

/** URLs in a piece of text, in order. */
export function urlsIn(text: string): string[] {
  return text.match(/\b(?:https?|ftp):\/\/[^\s"'`<>|)]{1,2000}/gi) ?? [];
}

/** Host of a URL (lower case), or undefined. */
export function hostOf(url: string): string | undefined {
  const m = /^[a-z][a-z0-9+.-]{0,20}:\/\/(?:[^/@\s]{0,200}@)?(\[[^\]]{1,60}\]|[^/:\s"'`?#]{1,253})/i.exec(url);
  return m?.[1]?.toLowerCase();
}

/**
 * Words close before `index` (same clause) that turn an instruction around: "never",
 * "do not", "avoid", "don't". Defensive guidance is not an attack.
 */
export function negatedBefore(text: string, index: number, reach = 48): boolean {
  const from = Math.max(0, index - reach);
  let before = text.slice(from, index);
  const clause = Math.max(
    before.lastIndexOf('.'),
    before.lastIndexOf(';'),
    before.lastIndexOf('!'),
    before.lastIndexOf('?'),
    before.lastIndexOf(','),
  );
  if (clause >= 0) before = before.slice(clause + 1);
  return /\b(?:never|not|don'?t|doesn'?t|avoid|without|refuse|no|nor|prevent|block|reject|forbid|forbidden|disallow|cannot|can'?t|won'?t|shouldn'?t|mustn'?t)\b/i.test(
    before,
  );
}

/**
 * Text just before a command that presents it as a thing not to do or as an example:
 * "never run", "blocked:", "dangerous commands such as". Deliberately narrow: "don't
 * forget: curl … | bash" is not a caution.
 */
export function cautionBefore(text: string, index: number, reach = 60): boolean {
  const before = text.slice(Math.max(0, index - reach), index);
  return /\b(?:never|don'?t|do\s+not|avoid|must\s+not|should\s+not)\s+(?:ever\s+)?(?:run|use|execute|do|type|paste|pipe|try|call|invoke|write|allow|recommend)\b|\b(?:deny|denied|denylist|blocklist|block(?:ed|s)?|dangerous|destructive|forbidden|disallow(?:ed)?|prohibit(?:ed)?|reject(?:ed|s)?|refuse[sd]?|unsafe|malicious|e\.g\.|such\s+as|for\s+example|examples?\s+of|like)\b/i.test(
    before,
  );
}

/**
 * Words before `index` that show the text is about an attack, not one: "such as", "e.g.",
 * "detect", "watch for", "phrases like". Used to lower a prose finding, never to drop a command.
 */
export function discussedBefore(text: string, index: number, reach = 80): boolean {
  const before = text.slice(Math.max(0, index - reach), index);
  return (
    /\b(?:such\s+as|like|e\.g\.|i\.e\.|for\s+example|for\s+instance|example|examples|phrases?|patterns?|attempts?|detect(?:s|ed|ing|ion)?|flag(?:s|ged)?|watch(?:\s+out)?\s+for|beware|warn(?:s|ing)?|injections?|attacks?|malicious|suspicious|jailbreaks?|contains?|treat|quoted?|says?|saying|text|strings?)\b[^.]{0,60}$/i.test(
      before,
    ) || /["\u201c'\u2018]\s{0,2}$/.test(before)
  );
}
