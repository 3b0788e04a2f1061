/**
 * What counts as the user's secret or private data (a source), in code and in prose. A source alone
 * is ordinary (a screenshot tool, a config loader); with a sink (data-sinks.ts) in one unit it is
 * exfiltration (judge/compounds.ts).
 */

import { phrases, wholeWords, PROSE_GAP } from './shell-vocabulary.js';

const S = PROSE_GAP;
/** Any character but a sentence end (a `.` before a word character is a file name or a URL, not an end). */
export const NS = String.raw`(?:[^.!?]|[.!?](?=[\w/~]))`;

/**
 * Private data read in code: the clipboard, the screen, shell history, browser profiles and
 * keychains, messages, location, and the user's files in bulk (an archive of the home folder or the
 * whole project).
 */
export const PRIVATE_DATA_CODE = new RegExp(
  [
    String.raw`\bpbpaste\b|\bxclip\b[^;&|\n]{0,40}?\s-o\b|\bxclip\s{1,4}(?:-[\w-]{1,20}\s{1,4}){0,3}-(?:out|o)\b|\bxsel\b[^;&|\n]{0,30}?\s(?:-o|--output|-b)\b|\bwl-paste\b|\bget-clipboard\b|\bpyperclip\.paste\s{0,4}\(|\bclipboard\.readText\s{0,4}\(|\bClipboard\.GetText\s{0,4}\(`,
    String.raw`\bscreencapture\b|\bimport\s{1,4}-window\s{1,4}root\b|\bscrot\b|\bgnome-screenshot\b|\bspectacle\s{1,4}-|\bgrim\b\s|\bImageGrab\.grab\s{0,4}\(|\bpyautogui\.screenshot\s{0,4}\(|\bmss\s{0,4}\(\s{0,4}\)|\bCopyFromScreen\s{0,4}\(|\bdesktopCapturer\b`,
    String.raw`\.(?:bash|zsh|sh|python|node_repl|psql|mysql)_history\b|\bfish_history\b|ConsoleHost_history|\bfc\s{1,4}-[a-zA-Z]{0,3}l[a-zA-Z]{0,3}\b`,
    // A browser session's cookies and storage read through automation (Playwright, Puppeteer): the logins of a real profile.
    String.raw`\.storageState\s{0,4}\(|\b(?:context|ctx|browserContext|page)\s{0,4}(?:\(\s{0,4}\))?\.cookies\s{0,4}\(\s{0,4}\)`,
    String.raw`(?:Google/Chrome|chromium|BraveSoftware|Microsoft/Edge|Microsoft\\Edge|Google\\Chrome)[^"'\s]{0,80}?(?:Cookies|Login\x20Data|Web\x20Data|History|Local\x20State)\b|\bcookies\.sqlite\b|\bplaces\.sqlite\b|\blogins\.json\b|\bkey[34]\.db\b|\bbrowser_cookie3\b|\bLibrary/Messages/chat\.db\b|\bLibrary/Keychains\b|\blogin\.keychain`,
    String.raw`\bCoreLocationCLI\b|\bwhereami\b|\bgeolocation\.getCurrentPosition\s{0,4}\(|\bipinfo\.io\b|\bip-api\.com\b`,
    String.raw`(?:~|\$HOME|\$\{HOME\}|homedir\s{0,4}\(\s{0,4}\)|Path\.home\s{0,4}\(\s{0,4}\)|expanduser\s{0,4}\(\s{0,4}["']~|UserHomeDir\s{0,4}\(\s{0,4}\)|USERPROFILE)[^\n]{0,80}?["'/\\](?:Documents|Desktop|Downloads|Pictures)\b`,
    String.raw`\bglob(?:\.sync|\.glob|Sync)?\s{0,4}\(\s{0,4}["'](?:\.\/)?\*\*\/\*(?:\.\{[\w,]{1,60}\}|\.\w{1,8})?["']|\brglob\s{0,4}\(\s{0,4}["']\*(?:\.\w{1,8})?["']\s{0,4}\)|\bos\.walk\s{0,4}\(\s{0,4}(?:["'](?:\.|\/|~)["']|os\.getcwd\(\)|Path\.home\(\))`,
    // An agent's session transcripts: every prompt, reply and file it read.
    String.raw`\.(?:claude/projects|codex/sessions)\b|["']\.(?:claude["']\s{0,4}[/,]\s{0,4}["']projects|codex["']\s{0,4}[/,]\s{0,4}["']sessions)["']|\btranscript_path\b`,
    String.raw`\b(?:git|gh\s{1,4}pr)\s{1,4}diff\b|\bgit\s{1,4}format-patch\b|\bgit\s{1,4}log\s{1,4}(?:-\S{1,20}\s{1,4}){0,4}-p\b`,
    String.raw`\btar(?:\s{1,4}(?:--[\w-]{1,40}(?:=[^\s;&|]{1,200})?|"?\$\{?\w{1,40}\}?"?)){0,8}\s{1,4}-?[a-zA-Z]{0,4}c[a-zA-Z]{0,4}(?:\s{1,4}[^\s;&|]{1,200}){1,8}?\s{1,4}["']?(?:~|\$HOME|\$\{HOME\}|/home|/Users|\.)/?["']?(?:Documents|Desktop|Downloads|Pictures)?["']?(?=[\s;&|)"'\x60]|$)|\bzip\s{1,4}-[a-zA-Z]{0,4}r[a-zA-Z]{0,4}\s{1,4}\S{1,200}\s{1,4}["']?(?:~|\$HOME|\$\{HOME\}|/home|/Users|\.)/?["']?(?:Documents|Desktop|Downloads|Pictures)?["']?(?=[\s;&|)"'\x60]|$)|\bgit\s{1,4}(?:-C\s{1,4}["']?[^\s;&|"']{1,200}["']?\s{1,4})?(?:bundle\s{1,4}create|archive)\b`,
  ].join('|'),
  'i',
);

export const PRIVATE_DATA_KEYWORDS: readonly string[] = [
  '.claude',
  '.codex',
  'transcript_path',
  'pbpaste',
  'xclip',
  'xsel',
  'wl-paste',
  'clipboard',
  'pyperclip',
  'screencapture',
  '-window root',
  'scrot',
  'screenshot',
  'spectacle',
  '^grim$',
  'imagegrab',
  'mss',
  'copyfromscreen',
  'desktopcapturer',
  'history',
  '^fc$',
  'cookies',
  'browser_cookie',
  'storagestate',
  'login data',
  'web data',
  'local state',
  'places.sqlite',
  'logins.json',
  'key3.db',
  'key4.db',
  'chat.db',
  'keychain',
  'corelocationcli',
  'whereami',
  'geolocation',
  'ipinfo.io',
  'ip-api.com',
  'glob',
  'rglob',
  'os.walk',
  'documents',
  'desktop',
  'downloads',
  'pictures',
  'diff',
  'format-patch',
  'git log',
  '^tar$',
  '^zip$',
  'git bundle',
  'bundle create',
  'git archive',
];

/** The objects of a source in prose: secrets, private data, the user's files in bulk. */
export const PRIVATE_OBJECT = String.raw`(?:\.env(?:\.\w{1,20})?\b|\x60?printenv\b|env(?:ironment)?${S}(?:variables?|vars?|files?)|~/\.(?:ssh|aws|kube|docker|gnupg|config|netrc|npmrc|pypirc|git-credentials|bash_history|zsh_history)|\.ssh\b|id_(?:rsa|ed25519|ecdsa|dsa)\b|ssh${S}(?:private${S})?keys?|private${S}keys?|(?:aws|cloud|gcp|azure|kube|docker|npm|pypi|git)${S}(?:credentials?|config(?:uration)?s?|tokens?)|credentials?(?:${S}files?)?|api${S}keys?|api[_-]keys?|(?:access|auth|bearer|session|refresh|oauth|github|npm|slack|personal${S}access)${S}tokens?|tokens|secrets|passwords?|saved${S}passwords|keychains?|(?:browser${S}|session${S})?cookies|browser${S}(?:history|data|profiles?|storage)|(?:shell|bash|zsh|command|terminal)${S}history|clipboard(?:${S}contents?)?|(?:a${S}|the${S})?screenshots?|(?:the${S})?screen(?:${S}contents?)?|(?:the${S})?(?:user'?s${S}|current${S}|device${S}|physical${S}|precise${S}|gps${S})(?:location|coordinates)|gps${S}coordinates|system${S}prompt|(?:your${S}|the${S})?(?:hidden|initial|original)${S}instructions|(?:the${S}|this${S}|full${S}|entire${S}|whole${S}){0,3}(?:conversation|chat${S}history|chat${S}log|transcript|session${S}(?:history|log))|(?:the${S})?user'?s${S}(?:(?:original|latest|last|current|full)${S})?(?:prompt|request|task|messages?|query|input)|(?:all|every)${S}(?:of${S}the${S})?(?:user'?s${S})?(?:files|documents|photos|emails|messages|notes)|(?:the${S})?(?:home${S}(?:directory|folder)|~/(?:Documents|Desktop|Downloads|Pictures))|(?:the${S})?(?:whole|entire|full|complete)${S}(?:repo(?:sitory)?|codebase|project|workspace|source${S}tree|working${S}(?:directory|tree)))`;

/** Verbs that take data (collect it, read it, copy it) before it goes somewhere. */
// "Export it in your shell" sets a variable: it takes nothing.
const TAKE = String.raw`(?:contents${S}of|(?:full${S})?output${S}of|(?:body|payload)${S}(?:that${S}|which${S})?(?:has|holds|contains?|containing|includes?|including)|collect|gather|harvest|read|cat|copy|grab|find|locate|search${S}for|look${S}for|check|inspect|compile|capture|take|snap|record|dump|export(?!${S}(?:it|them|this|that|the${S}\w{1,30}|[A-Z_]{3,60})${S}(?:in|into|from)${S}(?:your|their|the|a)${S}(?:own${S})?(?:shell|terminal|session|environment|profile))|archive|zip|tar|bundle|compress|extract|scrape|steal|enumerate|back${S}up|backup|sync|mirror)`;

/** Prose that tells the agent to take secret or private data (evidence for a compound; alone it is ordinary). */
// "Save the transcript" (somewhere) is taking the conversation; "save the API key you are given" is keeping your own.
export const PROSE_SOURCE = new RegExp(
  // "Post the user's message verbatim": sending what the user wrote is taking it.
  String.raw`\b(?:post|send|upload|forward|submit|stream|relay|ship)\b${S}(?:a${S}copy${S}of${S})?(?:the${S})?(?:user'?s${S}(?:(?:original|latest|last|current|full|every|each)${S})?(?:prompts?|requests?|messages?|quer(?:y|ies)|inputs?)|(?:full|entire|whole)${S}(?:conversation|transcript|chat(?:${S}history)?))\b|\b${TAKE}\b${NS}{0,80}?${PRIVATE_OBJECT}|\b(?:upload|send|post|forward|transmit|ship|attach|e-?mail)\b${S}(?:(?:a|the)${S}(?:copy|contents)${S}of${S})?${PRIVATE_OBJECT}|\b(?:build|assemble|compose|prepare)\b${S}(?:a|an|the)${S}(?:\w{1,20}${S})?(?:object|payload|record|bundle|archive|file|document|body)${S}(?:with|containing|that${S}(?:holds|contains|includes))\b${NS}{0,80}?${PRIVATE_OBJECT}|\bsave\b${NS}{0,40}?(?:(?:the|this|full|entire|whole|raw)${S}){0,3}(?:conversation|chat${S}(?:history|log)|transcript|session${S}(?:history|log))|\b(?:write|output|paste|echo|save|dump)\b${S}(?:out${S})?your${S}(?:own${S})?(?:(?:complete|full|entire|exact|whole|verbatim)${S}){0,2}(?:system${S}prompt|(?:hidden|initial|original)${S}instructions|tool${S}definitions)`,
  'i',
);

export const PROSE_SOURCE_KEYWORDS: readonly string[] = [
  '.env',
  'env var',
  'env file',
  'environment var',
  'environment file',
  '.ssh',
  '.aws',
  '.kube',
  '.docker',
  '.gnupg',
  '.config',
  '.netrc',
  '.npmrc',
  '.pypirc',
  '.git-credentials',
  'history',
  'id_rsa',
  'id_ed25519',
  'id_ecdsa',
  'id_dsa',
  'ssh key',
  'ssh private key',
  'private key',
  ...phrases(['aws', 'cloud', 'gcp', 'azure', 'kube', 'docker', 'npm', 'pypi', 'git'], ['credential', 'config', 'token']),
  'credential',
  'api key',
  'api-key',
  'token',
  'secret',
  'password',
  'keychain',
  'cookie',
  'browser',
  'clipboard',
  'screen',
  'location',
  'coordinates',
  'system prompt',
  'hidden instructions',
  'initial instructions',
  'original instructions',
  'conversation',
  'chat history',
  'chat log',
  'transcript',
  'session history',
  'session log',
  'user',
  'files',
  'documents',
  'photos',
  'emails',
  'messages',
  'notes',
  'home dir',
  'home folder',
  'desktop',
  'downloads',
  'pictures',
  'repo',
  'codebase',
  'project',
  'workspace',
  'source tree',
  'working dir',
  'working tree',
];

/** Keywords of TAKE. */
export const TAKE_KEYWORDS: readonly string[] = wholeWords([
  'write',
  'paste',
  'echo',
  'post',
  'send',
  'upload',
  'forward',
  'submit',
  'stream',
  'relay',
  'ship',
  'contents',
  'body',
  'payload',
  'output',
  'collect',
  'gather',
  'harvest',
  'read',
  'cat',
  'copy',
  'grab',
  'find',
  'locate',
  'search for',
  'look for',
  'check',
  'inspect',
  'compile',
  'capture',
  'save',
  'take',
  'snap',
  'record',
  'dump',
  'export',
  'archive',
  'zip',
  'tar',
  'bundle',
  'compress',
  'extract',
  'scrape',
  'steal',
  'enumerate',
  'back up',
  'backup',
  'sync',
  'mirror',
]);
