import type { AcceptResult, MatchContext } from './scan-rule.js';
import { either } from './other-language-words.js';

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
// fish's `source` with no file reads the script from its input (`curl … | source`).
export const INTERPRETER = String.raw`(?:${SHELL}|source(?=\s{0,4}(?:$|[;&)|\n]|-(?:\s|$)|\/dev\/stdin\b))|pwsh(?:\.exe)?|powershell(?:\.exe)?|python(?:[23](?:\.\d{1,2})?)?|py|node(?:js)?|deno|bun|perl|ruby|php|lua|osascript|iex|invoke-expression)`;

/** Optional `/usr/local/bin/`-style prefix of a program. */
const BIN_PREFIX = String.raw`(?:(?:/usr)?(?:/local)?/s?bin/)?`;
/** `sudo -E -u root `, `env FOO=1 `, `FOO=1 `, `TOKEN="$(cat f)" `: wrappers and assignments that still run the next program. */
const WRAPPERS = String.raw`(?:sudo(?:\s{1,4}-{1,2}[\w-]{1,20}(?:[=\s]{1,4}[\w-]{1,20})?){0,4}\s{1,4})?(?:[A-Za-z_]\w{0,39}=(?:"[^"\n|]{0,100}"|'[^'\n|]{0,100}'|[^\s|="']{0,100})\s{1,4}){0,6}${BIN_PREFIX}(?:env(?:\s{1,4}(?:-[\w-]{1,20}|\w{1,40}=[^\s|]{0,100})){0,4}\s{1,4}${BIN_PREFIX})?`;
/**
 * Arguments after an interpreter that make it read stdin as data, not code: `python -m
 * json.tool`, `node -e …`, `bash -c '…'`, `python script.py`.
 */
export const READS_STDIN_AS_DATA = String.raw`(?!\s{1,4}(?:-[a-z]{0,3}[cemnp]\b|--?(?:command|eval|print|module|version|help)\b|[\w./-]{1,200}\.(?:py|js|mjs|cjs|pl|rb|sh|bash|php|lua|ts|ps1)\b))`;

/** What comes after a pipe and executes the piped text. */
// `| $SHELL`, `| ${SHELL##*/} -s`: the user's own shell, whichever it is.
export const PIPE_TARGET = String.raw`(?:${WRAPPERS}(?:xargs(?:\s{1,4}-{1,2}[\w-]{1,20}(?:\{\}|[=\s]{1,4}(?:\{\}|\d{1,4}|[\w-]{1,20}))?){0,6}\s{1,4}${BIN_PREFIX}${WRAPPERS}${INTERPRETER}\b|${INTERPRETER}\b${READS_STDIN_AS_DATA}|["']?\$(?:SHELL\b|\{SHELL(?:##\*\/|:?-[\w/.]{1,30})?\})))`;

/** Interpreters that run a file or a `-c` string (download-then-run, process substitution). */
export const RUNNER = String.raw`(?:${SHELL}|source|pwsh|powershell|python[23]?|node|perl|ruby|php|eval|exec)`;

/** Any character but a sentence end: `.`, `!` or `?` followed by a word character or `/` (a file name, a URL) is not one. */
export const NOT_SENTENCE_END = String.raw`(?:[^.!?]|[.!?](?=[\w/]))`;

/**
 * Password-manager stores, app-signing keys and the OAuth tokens tools keep in the home folder: whoever holds the
 * file holds the vault, the right to ship the app, or the account.
 */
export const VAULT_AND_SIGNING_FILE = String.raw`Bitwarden(?:\x20CLI)?/data\.json|\.kdbx\b|\bkey\.properties\b|\.jks\b|\.keystore\b|(?:~|\$HOME|\$\{HOME\})/\.config/[\w.-]{1,60}/(?:[\w.-]{0,30}[-_.])?(?:token|tokens|credentials?|oauth|secrets?)\.json\b`;
export const VAULT_AND_SIGNING_KEYWORDS = ['bitwarden', '.kdbx', 'key.properties', '.jks', '.keystore', '.config/'];
/** Files and words that name secret material. */
export const SECRET_FILE = String.raw`(?:\.env\b|id_(?:rsa|dsa|ecdsa|ed25519)\b(?!\.pub)|\.ssh/|\.aws/(?:credentials|config)|\.netrc|\.npmrc|\.pypirc|\.git-credentials|\.docker/config\.json|\.kube/config|\.gnupg|\.config/gcloud|application_default_credentials|\.azure/|\.config/gh/hosts|\.codex/auth\.json|\.claude/\.credentials|/etc/shadow|/etc/passwd|keychain|login\s{0,2}data|wallet\.dat|\.bash_history|\.zsh_history|/proc/(?:self|\d{1,7}|\$\$|\*)/environ\b|${VAULT_AND_SIGNING_FILE})`;
export const SECRET_WORD = String.raw`(?:${SECRET_FILE}|secrets?\b|tokens?\b|api[_-]?keys?|passw(?:or)?ds?\b|credentials?\b|private[_-]?key)`;

/** Programs and calls that send data over the network. */
export const NETWORK_SINK = String.raw`(?:\b(?:curl|wget|nc|ncat|netcat|socat|telnet|scp|sftp|ftp|rsync|sendmail|mailx?|iwr|irm|invoke-webrequest|invoke-restmethod|send-mailmessage|mosquitto_pub|kcat|kafkacat)\b|\bopenssl\s{1,4}s_client\b|\brequests\.(?:post|put|patch|get)\s{0,4}\(|\burllib\d?\.request\b|\burlopen\s{0,4}\(|\bhttpx\.(?:post|put|get|Client)\b|\bhttp\.client\b|\baiohttp\b|(?<!\.)\bfetch\s{0,4}\(|\b(?:window|globalThis|self)\.fetch\s{0,4}\(|\baxios(?:\.(?:post|put|get))?\s{0,4}\(|\bXMLHttpRequest\b|\bsocket\.(?:connect|send|sendall|create_connection)\b|\.(?:connect|sendall)\s{0,4}\(\s{0,4}\(|\bsmtplib\b|\bnet\.webclient\b|\.upload(?:string|file|data)\s{0,4}\(|\bhttps?\.(?:request|get)\s{0,4}\(|\bnet\.(?:connect|createConnection)\s{0,4}\(|\bnew\s{1,4}WebSocket\b|\burllib3\b|\bftplib\b|\bparamiko\b|\bInvoke-(?:WebRequest|RestMethod)\b)`;

/** URLs in a piece of text, in order. */
export function urlsIn(text: string): string[] {
  return text.match(/\b(?:https?|ftp):\/\/[^\s"'`<>|)]{1,2000}/gi) ?? [];
}

/** Host of a URL (lower case), or undefined. */
export function hostOf(url: string): string | undefined {
  const m = /^[a-z][a-z0-9+.-]{0,20}:\/\/(?:[^/@\s]{0,200}@)?(\[[^\]]{1,60}\]|[^/:\s"'`?#{}]{1,253})/i.exec(url);
  return m?.[1]?.toLowerCase();
}

/** The distinct hosts of every URL in a text. */
export function hostsIn(text: string): string[] {
  return [...new Set(urlsIn(text).flatMap((u) => hostOf(u) ?? []))];
}

/** Words that turn a clause around ("never", "do not"), unless they come before "forget", "fail", "skip" (which turn it back). */
const NEGATION =
  /\b(?:never|not|don'?t|doesn'?t|avoids?|without|refus(?:e|es|ed)|no|nor|prevents?|blocks?|rejects?|forbids?|forbidden|disallows?|cannot|can'?t|won'?t|shouldn'?t|mustn'?t)\b(?![\s*_~]{1,4}(?:forget|fail|skip|neglect|omit|hesitate|miss|stop)\b)/i;

/**
 * "Never" and "not" in other languages, as the rules read them (marks off: `não` is `nao`, `jamás` is `jamas`):
 * "(mai `NOPASSWD: ALL`)", "nunca ejecutes", "niemals", "nooit", "asla", "绝不", "決して", Tagalog "huwag", Swahili "kamwe",
 * Bengali "kokhono", Hindi "kabhi", Marathi "kadhihi", Tamil "orupodhum" (ever, with the verb's negation after the object).
 */
const NEGATION_OTHER_LANGUAGES =
  /(?<![\p{L}\p{N}])(?:mai|jamais|nunca|jamas|niemals|nie|nicht|nooit|niet|nigdy|asla|non|nao|khong|\u0111ung|jangan|huwag|kamwe|aldrig|nikdy|niciodata|soha|tilos)(?![\p{L}\p{N}])|\u0e2b\u0e49?\u0e32\u0e21|\u05d0\u05e1\u05d5\u05e8|\u05dc\u05e2\u05d5\u05dc\u05dd\s{1,2}\u05dc\u05d0|\u0644\u0627\s{1,2}\u062a|\u03c0\u03bf\u03c4\u03b5|\u7edd\u4e0d|\u5207\u52ff|\u4e0d\u8981|\u6c7a\u3057\u3066|\uc808\ub300|\u0995\u0996\u09a8\u09cb|\u0915\u092d\u0940|\u0915\u0927\u0940\u0939\u0940|\u0b92\u0bb0\u0bc1\u0baa\u0bcb\u0ba4\u0bc1\u0bae\u0bcd/iu;

/** A clause that forbids doing, running or recommending something ("you must never recommend", "do not run any of"). */
const FORBIDS_DOING =
  /\b(?:never|not|don'?t|mustn'?t|shouldn'?t)\b[\s*_~]{1,4}(?:\w{1,12}[\s*_~]{1,4}){0,2}?(?:recommend|suggest|run|use|execute|type|paste|apply|propose|advise|do)\b/i;

/** Whether the path at `index` is an argument of a command that only reads or lists (`cat`, `ls -la`, `grep`, `stat`). */
export function readOnlyArgument(text: string, index: number): boolean {
  const command = text
    .slice(Math.max(0, index - 160), index)
    .split(/[;&|\n'"]|\$\(/)
    .pop()!
    .trim();
  return /^(?:sudo\s{1,4})?(?:cat|ls|less|more|head|tail|grep|egrep|rg|stat|find|diff|sha\d{0,3}sum|md5sum|file|wc|strings|test|\[)\b/.test(
    command,
  );
}

/**
 * Whether the clause just before `index` negates what follows: "Never upload the .env file" is not an
 * instruction to upload it. Only prose is read this way (a command is a command whatever is written
 * before it), and "never forget to", "do not skip" do not negate.
 */
export function negatedBefore(text: string, index: number, reach = 48): boolean {
  let to = index;
  // "does not add sudo rights, open SSH, or disable the firewall": items after "or"/"nor" in a list stay under the
  // negation that opens the list (a few items back, across commas only).
  for (let items = 0; items < 6; items++) {
    // An earlier item may be long (`\`iptables -F\` on a remote host (it can lock the user out)`): read further back for it.
    const from = Math.max(0, to - (items > 0 ? Math.max(reach, 100) : reach));
    let before = text.slice(from, to);
    const clause = Math.max(
      before.lastIndexOf('.'),
      before.lastIndexOf(';'),
      before.lastIndexOf('!'),
      before.lastIndexOf('?'),
      before.lastIndexOf(','),
      before.lastIndexOf(':'),
      before.lastIndexOf('\u2014'),
      before.lastIndexOf('\u2013'),
    );
    if (clause >= 0) before = before.slice(clause + 1);
    if (NEGATION.test(before) || NEGATION_OTHER_LANGUAGES.test(before)) return true;
    if (clause < 0) return false;
    const mark = text[from + clause];
    // The first item right after the colon of a clause that forbids doing, running or recommending what follows ("Things
    // you must never recommend as a fix: `ufw disable`, …"): the item is what is forbidden.
    if (mark === ':' && items === 0 && /^[\s*_~\x60"'(]*$/.test(before)) {
      const opening = text.slice(Math.max(0, from + clause - 120), from + clause);
      const clauseStart = Math.max(opening.lastIndexOf('.'), opening.lastIndexOf(';'), opening.lastIndexOf('!'), opening.lastIndexOf('?'));
      if (FORBIDS_DOING.test(opening.slice(clauseStart + 1))) return true;
    }
    // The last item after "or" (Tagalog and Spanish "o", Portuguese and French "ou", German "oder", Dutch "of", Swahili "au",
    // Indonesian "atau", Polish "lub", Swedish "eller"), before the item or between two (`\`a\`, \`b\` o \`c\``).
    const listed =
      items > 0 || /^[\s*_~]{0,4}(?:or|nor)\b|(?:^|[\s\x60])(?:or|nor|o|ou|oder|of|au|atau|lub|eller)\s[\s*_~\x60]{0,4}$/i.test(before);
    // The list's first item follows the colon of its opening clause ("does not do: add sudo rights, …").
    if (!listed || (mark !== ',' && !(mark === ':' && items > 0))) return false;
    to = from + clause;
  }
  return false;
}

/** Subjects that make a sentence a description of an attack, not an instruction to the agent. */
const ATTACK_SUBJECT =
  /(?:^|[.!?:;]\s{1,4}|\n|^\s{0,8}(?:[-*+]|\d{1,3}[.)])\s{1,4})(?:\*{1,2})?(?:(?:an?|the|some|many|most|such)\s{1,4})?(?:attackers?|adversar(?:y|ies)|threat\s{1,4}actors?|malware|ransomware|infostealers?|stealers?|trojans?|worms?|botnets?|droppers?|loaders?|implants?|backdoors?|rootkits?|spyware|keyloggers?|phishing\s{1,4}(?:kits?|pages?|emails?)|hackers?|criminals?|cybercriminals?|intruders?|malicious\s{1,4}(?:skills?|packages?|actors?|code|scripts?|extensions?|servers?|hooks?|prompts?|instructions|users?)|compromised\s{1,4}\w{1,20}|(?:this|the|that|such)\s{1,4}(?:attack|technique|payload|exploit|vulnerability|pattern|rule|detector|scanner|check)s?|(?:players?|users?|customers?|people|someone|anyone|callers?|visitors?)[\s*_~]{1,4}(?:(?:will|may|might|can|could|often|sometimes|routinely)[\s*_~]{1,4})?(?:try|tries|attempt|attempts)[\s*_~]{1,4}to)\b/i;

/**
 * The same subjects in other languages ("Angripere bruker ofte disse kommandoene", "Los atacantes suelen…"): stems of
 * "attacker(s)" in Norwegian, Danish, Swedish, German, Dutch, French, Spanish, Portuguese, Italian, Romanian, Polish,
 * Czech, Slovak, Croatian, Serbian, Hungarian, Finnish, Estonian, Turkish, Indonesian, Russian and Ukrainian.
 */
const ATTACK_SUBJECT_ELSEWHERE = new RegExp(
  String.raw`(?:^|[.!?:;]\s{1,4}|\n|^\s{0,8}(?:[-*+]|\d{1,3}[.)])\s{1,4})(?:\*{1,2})?(?:(?:die|de|les|los|las|os|as|gli|i|l')\s{0,4})?${either(['angriper', 'angriber', 'angripare', 'angreifer', 'aanvaller', 'attaquant', 'atacante', 'attaccant', 'aggressor', 'atacator', 'atakując', 'napastni', 'útočník', 'napadač', 'támadó', 'hyökkääjä', 'ründaja', 'saldırgan', 'penyerang', 'злоумышленник', 'зловмисник', 'атакующ'])}[\w\u00C0-\u024F\u0400-\u04FF]{0,4}(?![\w\u00C0-\u024F\u0400-\u04FF])`,
  'i',
);

/** "Agents debugging auth tend to `cat .env` and paste it": a habit, described. */
const HABIT =
  /^(?:[-*+]\s{1,4}|\d{1,3}[.)]\s{1,4})?(?:\*{1,2})?(?:(?:an?|the|some|many|most)\s{1,4})?(?:[\w-]{1,20}\s{1,4}){0,2}?(?:agents?|assistants?|models?|llms?|developers?|engineers?|people|users?|teams?)[\s*_~]{1,4}(?:[\w-]{1,20}[\s*_~]{1,4}){0,4}?(?:tend|tends)[\s*_~]{1,4}to\b/i;
/** Where a sentence turns from the habit to an order ("Users tend to push back, so don't mention it"). */
const TURN = /[,;:\u2014]\s{0,4}(?:and\s{1,4})?(?:so|therefore|thus|hence|then|but|instead)\b|;/i;

const DETECTOR_VERB =
  /\b(?:flags|detects|catches|blocks|rejects|warns\s{1,4}(?:on|about))\s{1,4}(?:\w{1,20}\s{1,4}){0,3}?(?:code|commands?|calls?|patterns?|lines?|scripts?|usages?|uses|payloads?|snippets?)\b/i;

const REJECTED_ALTERNATIVE =
  /\b(?:instead\s{1,4}of|rather\s{1,4}than|in\s{1,4}place\s{1,4}of|[i\u00ee]n\s{1,4}loc\s{1,4}de|(?:an)?statt|en\s{1,4}(?:lugar|vez)\s{1,4}de|au\s{1,4}lieu\s{1,4}de|invece\s{1,4}di|em\s{1,4}vez\s{1,4}de|zamiast)\s{1,4}[\x60"'\u201c\u201e]?$/i;

/** An order to look for (or refuse) lines of a kind ("flag lines that pipe network output to a shell, e.g."), up to the example. */
const FLAG_ORDER =
  /(?:^|[:;,(]\s{0,4}|\s-\s)(?:flag|detect|report|catch|highlight|refuse|reject|block|deny)\s{1,4}(?:any\s{1,4}|all\s{1,4}|the\s{1,4})?(?:[\w-]{1,20}\s{1,4}){0,2}?(?:lines?|entries|commands?|calls?|patterns?|scripts?|usages?|payloads?|snippets?|blobs?|strings?)\s{1,4}(?:that|which|with|where|containing|matching)\b(?:e\.g\.|i\.e\.|\.\.\.|[^.!?]){0,200}$/i;

/** "Treat as high severity until explained: `eval(atob("…"))`, …": what a review rates when it finds it. */
const RATED_LIST =
  /\b(?:treat(?:ed)?|flag(?:ged)?|rated?|report(?:ed)?|mark(?:ed)?|classif(?:y|ied))\s{1,4}(?:(?:it|them|these|this)\s{1,4})?as\s{1,4}(?:an?\s{1,4})?(?:high|critical|medium|low|severe)[\s-]{1,4}(?:severity|risk|priority|findings?)\b(?:e\.g\.|\.\.\.|[^.!?]){0,200}$/i;

/** "Look for common miner/backdoor names (`xmrig`, …)": names listed to search for. */
const LOOK_FOR_LIST =
  /\b(?:look|search|check|hunt|grep|watch|scan)\s{1,4}(?:out\s{1,4})?for\s{1,4}(?:[\w/-]{1,30}\s{1,4}){0,3}?(?:names?|processes|binaries|strings?|patterns?|indicators?|signs?|iocs?|entries|lines?)\s{0,4}(?:\(|:|,\s{0,4}e\.g\.|such\s{1,4}as\b|like\b)(?:e\.g\.|\.\.\.|[^.!?]){0,160}$/i;

/** The predicate of a sentence that names its subject a sign of compromise ("… are a classic persistence sign"). */
const INDICATOR_PREDICATE =
  /\b(?:is|are)\s{1,4}(?:an?\s{1,4}|the\s{1,4})?(?:(?:classic|common|typical|known|clear|strong|obvious|tell-?tale|sure|key)\s{1,4})?(?:(?:persistence|compromise|infection|intrusion|malware|attack|exfiltration|backdoor)\s{1,4})?(?:signs?|indicators?(?:\s{1,4}of\s{1,4}compromise)?|red\s{1,4}flags?|symptoms?|iocs?|hallmarks?|giveaways?)\b/i;

/** "Red flags: lines like `<cron line> curl … | sh`", "Indicators of compromise:", a checklist's "**FAIL**:": what a triage looks for, listed. */
const RED_FLAGS_LEAD =
  /^(?:[-*+]\s{1,4})?(?:\*{1,2})?(?:fail(?:s|ed)?|bad|wrong|insecure|unsafe|anti-?patterns?|red\s{1,4}flags?|warning\s{1,4}signs?|tell-?tale\s{1,4}signs?|signs\s{1,4}of\s{1,4}(?:compromise|infection|persistence|tampering)|indicators?(?:\s{1,4}of\s{1,4}compromise)?|iocs?|suspicious\s{1,4}(?:lines?|entries|patterns?|commands?))(?:\*{1,2})?\s{0,4}:/i;

/** "Quote (don't run) lines from `~/.bash_history` that contain `history -c`, …": what a search looks for, named. */
const SEARCHED_FOR = new RegExp(
  String.raw`\b(?:lines?|entries|commands?|strings?|occurrences?)\b${NOT_SENTENCE_END}{0,80}?\b(?:that|which)\s{1,4}(?:contain|match|mention|include|reference)\b${NOT_SENTENCE_END}{0,300}$`,
  'i',
);

/** A test fixture named, then an example of it: what follows is input for a test, not a step. */
const FIXTURE_EXAMPLE =
  /\b(?:fixtures?|corpus|corpora|datasets?|test\s{1,4}(?:inputs?|vectors?|data|strings?|cases?))\b[^!?\n]{0,80}?(?:\be\.g\.|\bfor\s{1,4}example\b|\bsuch\s{1,4}as\b|\b(?:samples?|strings?|lines?|records?|entries)\s{1,4}like\b)[^.!?]{0,300}$/i;

/**
 * Whether the sentence around `index` describes what attackers or malware do ("Attackers upload
 * `.env` files with curl") rather than telling the agent to do it, or asks a question: a security
 * write-up, not an instruction. It reads the grammar of the sentence, not a caution before it:
 * "never run", "for example" and headings change nothing.
 */
export function describesAttack(text: string, index: number): boolean {
  // "`rm -rf ./dist` instead of `rm -rf ../`": the alternative named to be turned down (Romanian "în loc de", German
  // "statt", Spanish "en lugar de", French "au lieu de", Italian "invece di", Portuguese "em vez de", Polish "zamiast").
  if (REJECTED_ALTERNATIVE.test(text.slice(Math.max(0, index - 24), index))) return true;
  let start = index;
  while (start > 0 && index - start < 400) {
    const c = text[start - 1]!;
    // An ellipsis (`curl … | sh` reads as `...`) does not end a sentence.
    // Nor does an abbreviation's point ("e.g. `curl … | sh`").
    if (
      (c === '!' ||
        c === '?' ||
        (c === '.' && text[start - 2] !== '.' && !/\b(?:e\.g|i\.e|etc|cf|vs)$/i.test(text.slice(Math.max(0, start - 6), start - 1)))) &&
      /\s/.test(text[start] ?? ' ')
    )
      break;
    if (c === '\n' && text[start - 2] === '\n') break;
    start--;
  }
  // The sentence starts at its first word: a prose view turns the line break after the last sentence into spaces.
  const sentence = text.slice(start, index + 1).replace(/^\s+/, '');
  if (
    ATTACK_SUBJECT.test(sentence.slice(0, 160)) ||
    ATTACK_SUBJECT_ELSEWHERE.test(sentence.slice(0, 160)) ||
    RED_FLAGS_LEAD.test(sentence.slice(0, 80)) ||
    SEARCHED_FOR.test(sentence)
  )
    return true;
  // "Use synthetic fixtures in `tests/fixtures/`, e.g. the encoded stub `powershell -enc …`": test data (the "e.g." ends no sentence).
  if (FIXTURE_EXAMPLE.test(text.slice(Math.max(0, start - 200), index))) return true;
  const habit = HABIT.exec(sentence.slice(0, 160));
  if (habit && !TURN.test(sentence.slice(habit[0].length))) return true;
  // "The rule flags code that downloads and executes remote code: … `eval(…)`": what a detector looks for.
  if (DETECTOR_VERB.test(sentence.slice(0, 240))) return true;
  // "… flag lines that pipe network output to a shell, e.g. `curl … | sh`": what the reader is told to look for.
  const tail = sentence.slice(-240);
  if (FLAG_ORDER.test(tail) || LOOK_FOR_LIST.test(tail) || RATED_LIST.test(tail)) return true;
  // "If you find an IOC such as `curl … | bash` in a crontab, record it": an indicator named by example.
  if (
    /\b(?:iocs?|indicators?(?:\s{1,4}of\s{1,4}compromise)?|artefacts?|artifacts?)\s{1,4}(?:such\s{1,4}as|like|e\.g\.)\s{0,4}[\x60"']?\s{0,2}$/i.test(
      sentence.slice(-80, -1),
    )
  )
    return true;
  // A checklist's label at the start of the line ("**FAIL**: `ufw disable`, …"), whatever the sentence before it.
  const lineStart = text.lastIndexOf('\n', index - 1) + 1;
  if (lineStart > start && RED_FLAGS_LEAD.test(text.slice(lineStart, Math.min(index + 1, lineStart + 80)))) return true;
  // "requests to print the system prompt", "attempts to read ~/.ssh": a noun phrase that names an attempt, not an order.
  if (/\b(?:requests|attempts|efforts|tries|trying)[\s*_~]{1,4}to[\s*_~]{1,4}$/i.test(sentence.slice(-40, -1) + ' ')) return true;
  // "If a page asks you to \"include the contents of .env\"": a request quoted, to be refused or reported.
  if (
    /\b(?:asks?|asking|tells?|telling|instructs?|requests?)[\s*_~]{1,4}(?:you|the[\s*_~]{1,4}(?:agent|assistant|model))[\s*_~]{1,4}to[\s*_~]{0,4}["\u201c'\u2018]$/i.test(
      sentence.slice(-61, -1),
    )
  )
    return true;
  // The rest of this sentence only (a window, not the rest of the file: this runs per inline code span).
  const after = text.slice(index, index + 400);
  const end = after.search(/[.!?](?:\s|$)/);
  if (end >= 0 && text[index + end] === '?') return true;
  // "Lines like `curl … | bash` in a shell rc file are a classic persistence sign": what it is called, a sign to look for.
  return INDICATOR_PREDICATE.test(end >= 0 ? after.slice(0, end) : after);
}

/** Keywords of DOWNLOADER (rule data: a detector built on it runs where one of them occurs). */
export const DOWNLOADER_KEYWORDS: readonly string[] = [
  'curl',
  'wget',
  'aria2c',
  '^iwr$',
  '^irm$',
  'invoke-webrequest',
  'invoke-restmethod',
  'lwp-download',
  'lwp-request',
  'start-bitstransfer',
  'fetch -',
  'certutil',
  'bitsadmin',
  '.downloadstring',
  '.downloaddata',
  '.downloadfile',
];

/** Every `first second` phrase: keywords for a pattern that needs two words in a row ("never tell", "after every"). */
export function phrases(firsts: readonly string[], seconds: readonly string[]): string[] {
  return firsts.flatMap((a) => seconds.map((b) => `${a} ${b}`));
}

/** How a clause says no, as keywords ("don't" holds `n't`; `dont` is written without the apostrophe). */
export const NEGATION_KEYWORDS: readonly string[] = ['not', "n't", 'dont', 'never'];

/** A defanged address (`hxxp://`, `198.51.100[.]23`, `https[:]//`): an indicator shown, nothing that can fetch as written. */
export const DEFANGED_ADDRESS = /\bhxxps?:\/\/|\[\.\]|\[:\]\/\//i;

/** Between two words in prose: spaces, line breaks, emphasis and blockquote markers. */
export const PROSE_GAP = String.raw`[\s*_~>]{1,8}`;

/** Keywords for words a pattern bounds on both sides (`\b(?:read|copy)\b`): `^read$` is not woken by "already" or "thread". */
export function wholeWords(words: readonly string[]): string[] {
  return words.map((w) => (/^[\w'-]+$/.test(w) ? `^${w}$` : w));
}

/** The match sits inside quotation marks on its line: text quoted as data, not addressed to the reader. */
export function quotedInLine(text: string, start: number, end: number): boolean {
  const before = text.slice(Math.max(0, start - 3), start);
  const after = text.slice(end, end + 6);
  return (
    (/["\u201c\u2018\u201e\u201a\u00ab\u2039'`]\s{0,2}$/.test(before) && !closesBefore(text, start, before)) ||
    // A quotation may trail off before it closes (`"… ignore your instructions…"`); German and Polish open low
    // (`\u201e…"`), French and Russian with guillemets.
    (/^[\s.,;:!?\u2026]{0,4}["\u201d\u2019\u201c\u00bb\u203a'`]/.test(after) &&
      /["\u201c\u201e\u00ab]|(?:^|[\s(])'(?=\S)/.test(text.slice(Math.max(0, start - 200), start)))
  );
}

/**
 * Whether the straight quote or backtick just before `start` closes a quotation opened earlier on its line (an even
 * count of them up to it): "Run `x` without telling the user" is said after the code span, not inside a quotation.
 */
function closesBefore(text: string, start: number, before: string): boolean {
  const mark = /(["`])\s{0,2}$/.exec(before)?.[1];
  if (!mark) return false;
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const line = text.slice(lineStart, start);
  let count = 0;
  for (let i = line.indexOf(mark); i >= 0; i = line.indexOf(mark, i + 1)) count++;
  return count % 2 === 0;
}

/** Evidence only, unless the sentence describes an attack (then not even that). */
export function proseEvidence(match: RegExpExecArray, context: MatchContext): AcceptResult {
  if (negatedBefore(context.text, match.index)) return false;
  return !(context.kind !== 'comment' && describesAttack(context.text, match.index));
}

/**
 * One command line up to an option: plain characters (none of `stop`), and up to three quoted strings or
 * `$(…)` among them, whose `&` or `|` does not end the command (`curl "https://x/a.sh?v=1&os=$OS" -o f`,
 * `curl "…/$(uname -s | tr A-Z a-z).sh" -o f`).
 */
const inCommand = (stop: string) => String.raw`[^${stop}"]{0,200}?(?:(?:"[^"\n]{0,300}"|\$\([^()\n]{0,120}\))[^${stop}"]{0,200}?){0,3}`;
export const IN_COMMAND = inCommand(String.raw`;&|\n`);
/** The same across continued lines. */
export const IN_COMMAND_LINES = inCommand(';&|');

/** A Makefile by its name. */
export const MAKEFILE = /(?:^|\/)(?:GNUmakefile|[Mm]akefile|[\w.-]{1,100}\.mk)$/;
/** A justfile (`just`'s recipes): `{{name}}` in its recipes is the variable `name := …` sets. */
export const JUSTFILE = /(?:^|\/)(?:[Jj]ustfile|\.justfile|[\w.-]{1,100}\.just)$/;
/** A shell script by its name. */
export const SHELL_SCRIPT = /\.(?:sh|bash|zsh|ksh)$/i;
/** A shell script by its first line. */
export const SHELL_SHEBANG = /^#![^\n]{0,40}\b(?:ba|z|k|da)?sh\b/;

/** A program in a language whose strings are data until the program uses them (not a shell script or a document). */
export const PROGRAM_FILE = /\.(?:pyw?|[cm]?[jt]sx?|go|rs|rb|cs|java|kts?|php|pl|swift)$/i;
