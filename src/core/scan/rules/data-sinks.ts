/**
 * What counts as sending data away (a sink), in prose, and what does not in code (a `curl` that sends only
 * a message written out on the page). A sink alone is ordinary (an upload the user asked for); with a
 * source (data-sources.ts) in one unit it is exfiltration (judge/compounds.ts).
 */

import { NS, PRIVATE_OBJECT } from './data-sources.js';
import { wholeWords, PROSE_GAP } from './shell-vocabulary.js';

const S = PROSE_GAP;

/** Verbs that send data away. */
const SEND = String.raw`(?:send|sends|upload|uploads|post|posts|transmit|forward|exfiltrate|beacon|email|e-mail|mail|share|submit|push|pipe|stream|sync|mirror|replicate|report|ship|deliver|relay|copy|back${S}up|backup|publish|paste|leak|transfer|put)`;
/** Where data goes: an address, or a named place outside the machine. */
const AWAY = String.raw`(?:https?://|s3://|gs://|ftp://|[\w.+-]{1,64}@[\w-]{1,63}\.(?:[\w-]{1,63}\.)?(?:com|net|org|io|dev|app|co|xyz|ru|cn|me|info|site|online|biz)\b|(?:the${S}|our${S}|my${S}|this${S}|that${S}|a${S}|an${S}|your${S})?(?:(?:remote|external|following|attacker|analytics|telemetry|collection|logging|backup|central|team'?s?|private|shared|cloud|monitoring|audit|compliance|sync|mirror|upstream|support|vendor|diagnostics?|metrics|our|own|discord|slack|telegram|teams)${S}){0,3}(?:webhook|endpoint|server|url|host|address|collector|bucket|channel|api|service|gist|pastebin|paste${S}site|inbox|mailbox|email${S}address|relay|sink|ingest(?:ion)?${S}(?:endpoint|url|api)|drop${S}box|storage|index|indexer|mirror|backup${S}server))`;
/** What is sent: data (not "requests", "messages to the team" or "a notification"). */
const DATA = String.raw`(?:it|them|this|that|these|those|each(?:${S}one|${S}file|${S}match|${S}of${S}them)?|everything|all${S}of${S}(?:it|them)|(?:its|their)${S}(?:current${S}|full${S}|whole${S}|entire${S})?(?:contents?|code|source|text)|the${S}(?:collected|gathered|captured|resulting|full|whole|entire|raw|zipped|compressed|encoded|current|latest|updated)?${S}?(?:files?|contents?|data|results?|outputs?|archive|bundle|zip|tarball|screenshots?|images?|history|keys?|tokens?|credentials?|secrets?|passwords?|cookies|logs?|values?|dump|snapshot|copy|backup|transcript|conversation|prompt|findings|state|diff|changes)|${PRIVATE_OBJECT}|["'\x60]?(?:/tmp|~|\$HOME|\.)/[^\s"'\x60]{1,120})`;

/** Prose that tells the agent to send data somewhere outside (evidence for a compound; alone worth a look at most). */
export const PROSE_SINK = new RegExp(
  String.raw`\b${SEND}\b${S}(?:\w{1,30}${S}){0,4}?(?<data>${DATA})${NS}{0,80}?\b(?:to|into|at|via|through|using|with)\b${S}(?:\w{1,30}${S}){0,3}?${AWAY}`,
  'i',
);

/** A paste or gist made to hold private data ("open a public gist containing the system prompt"): the data and where it goes, in one step. */
export const PROSE_PASTE_OF_PRIVATE = new RegExp(
  String.raw`\b(?:create|open|make|start|publish|post|put|file)\b${S}(?:[\w\x60-]{1,30}${S}){0,3}?(?:gist|paste(?:bin)?|pastebin${S}entry|snippet)s?\b${NS}{0,200}?\b(?:containing|with|including|holding|that${S}(?:contains?|includes?|holds?)|of)\b${NS}{0,160}?(?<data>${PRIVATE_OBJECT})`,
  'i',
);

/** What is sent, when it is the user's own content (files, code, documents, the conversation): with an address outside, it is theirs leaving. */
export const USER_CONTENT =
  /\b(?:files?|contents?|code(?:base)?|source|repo(?:sitory)?|diff|patch|documents?|transcript|conversation|prompt|history|screenshots?|clipboard)\b|^(?:it|them|this|that|these|those|each|everything)\b/i;

export const PROSE_SINK_KEYWORDS: readonly string[] = [
  'http',
  '.com',
  '.net',
  '.org',
  '.io',
  '.dev',
  '.app',
  '.co',
  '.xyz',
  '.ru',
  '.cn',
  '.me',
  '.info',
  '.site',
  '.online',
  '.biz',
  's3://',
  'gs://',
  'ftp://',
  'webhook',
  'endpoint',
  'server',
  'url',
  'host',
  'address',
  'collector',
  'bucket',
  'channel',
  'api',
  'service',
  'gist',
  'pastebin',
  'paste site',
  'inbox',
  'mailbox',
  'relay',
  'sink',
  'ingest',
  'drop box',
  'storage',
  'index',
  'mirror',
];

/** Keywords of SEND, each where a match can start (`send` holds `sends`). */
export const SEND_KEYWORDS: readonly string[] = wholeWords([
  'send',
  'sends',
  'uploads',
  'posts',
  'email',
  'e-mail',
  'upload',
  'post',
  'transmit',
  'forward',
  'exfiltrate',
  'beacon',
  'mail',
  'share',
  'submit',
  'push',
  'pipe',
  'stream',
  'sync',
  'mirror',
  'replicate',
  'report',
  'ship',
  'deliver',
  'relay',
  'copy',
  'back up',
  'backup',
  'publish',
  'paste',
  'leak',
  'transfer',
  'put',
]);

/** A `curl` data option, up to its value. */
const CURL_DATA_OPTION = /\s(?:-[a-zA-Z]{0,5}[dFT]|--data(?:-binary|-raw|-urlencode)?|--form|--upload-file|--json)(?:=|\s{1,4})/g;
/** A value quoted whole and closed before the next word: `"…"` or `'…'`. */
const QUOTED_VALUE = /"(?:[^"\\\n]|\\.){0,2000}"(?=\s|$|[;&|)])|'[^'\n]{0,2000}'(?=\s|$|[;&|)])/y;
/** What a written-out message may expand and still carry nothing gathered: who and what ran (git's user and ref, the date), a prompt input. */
const MESSAGE_EXPANSION =
  /\$\(\s{0,4}(?:git\s{1,4}(?:config\s{1,4}(?:--get\s{1,4})?user\.(?:name|email)|rev-parse\s{1,4}(?:--short\s{1,4})?HEAD|describe\b[^()]{0,40}|branch\s{1,4}--show-current)|date\b[^()]{0,40})\s{0,4}\)|\$\{input:[^}]{1,80}\}/g;

/**
 * A `curl` whose every data option is a message written out in quotes (`-d "{\"text\":\"v2 deployed by $(git config
 * user.name)\"}"`): a notification. What it sends is on the page; nothing read from a file (`@`, `name=@file`) or the
 * environment goes. A value that is not one cleanly quoted word is not read as written out.
 */
export function sendsWrittenMessageOnly(line: string): boolean {
  if (!/^curl\b/.test(line)) return false;
  let options = 0;
  for (const m of line.matchAll(CURL_DATA_OPTION)) {
    options++;
    QUOTED_VALUE.lastIndex = m.index + m[0].length;
    const value = QUOTED_VALUE.exec(line)?.[0];
    if (!value || /^["']@|=@/.test(value) || value.includes('`') || value.replace(MESSAGE_EXPANSION, '').includes('$')) return false;
  }
  return options > 0;
}
