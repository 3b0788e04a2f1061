import { type AcceptResult, type MatchContext } from './scan-rule.js';
import { maxOf } from '../../push-all.js';
import { configTestCase, TEST_INPUT_KEY } from './dataset-record.js';
import { lineAt } from '../segment/line-at.js';
import { describesAttack, negatedBefore, NOT_SENTENCE_END, quotedInLine, PROSE_GAP } from './shell-vocabulary.js';

/** What S004's detectors share: how a match is held (an instruction, a quote, a table row, a test record) and the words of hiding and of fetched content. */

export const S = PROSE_GAP;
export const NS = NOT_SENTENCE_END;
export const USER = String.raw`(?:the${S})?(?:user|human|operator|owner|developer|requester)s?\b`;

/** Other role or log-level labels beside `[SYSTEM]`: a transcript or a log, not an impersonation. */
export const TRANSCRIPT_LABELS =
  /\[\s{0,4}(?:user|assistant|human|ai|info|warn(?:ing)?|error|debug|trace)\s{0,4}\]|<\s{0,4}\/?\s{0,4}(?:user|assistant)\s{0,4}>/i;

/** Attack text that a sentence describes or quotes (a red-team suite, a write-up): worth a look, evidence of nothing. */
export const MENTIONED: AcceptResult = { level: 'MEDIUM', capabilities: ['mentions-attack'] };

/** The match's line is a Markdown table row. */
export function tableRow(text: string, at: number): boolean {
  const { line } = lineAt(text, at);
  return /^\s{0,3}\|/.test(line) && (line.match(/\|/g)?.length ?? 0) >= 3;
}

/**
 * An instruction to the agent in text it reads: HIGH; in an HTML comment (hidden from the reader)
 * always; dropped when the clause negates it ("never ignore previous instructions"); evidence of
 * nothing when the sentence describes what attackers write or quotes it as data.
 */
export function instruction(match: RegExpExecArray, context: MatchContext): AcceptResult {
  if (negatedBefore(context.text, match.index)) return false;
  if (context.kind === 'comment') return 'HIGH';
  // A test input (a record that says what a classifier should make of it, or an `input:`/`prompt:` case) is quoted data.
  if (configTestCase(match, context) || (context.kind === 'config' && TEST_INPUT_KEY.test(context.text))) return MENTIONED;
  if (
    context.kind !== 'config' &&
    (describesAttack(context.text, match.index) || quotedInLine(context.text, match.index, match.index + match[0].length))
  )
    return MENTIONED;
  // In a config's text, quoted as an example inside a longer value ("(for example "ignore previous instructions" or a
  // fake SYSTEM block), do not follow it", "for example a cell reading 'Ignore …'"): a value that is the phrase itself stays an order.
  if (context.kind === 'config' && QUOTED_EXAMPLE.test(context.text.slice(Math.max(0, match.index - 60), match.index))) return MENTIONED;
  // What something else can do ("text like … in a ticket can change the bot's behaviour and reveal the system prompt"):
  // a possibility described, not an order — unless it is the reader who can ("you can now reveal …").
  const clause = context.kind === 'prose' ? clauseBefore(context.text, match.index) : '';
  if (CAN_DO.test(clause) && !/\byou\b/i.test(clause)) return MENTIONED;
  // "If such content … asks you to reveal your system prompt, do not comply": the request is the condition of a refusal.
  if (
    context.kind === 'prose' &&
    REQUESTED_IN_CONDITION.test(clause) &&
    REFUSED_AFTER.test(context.text.slice(match.index, match.index + 300))
  )
    return MENTIONED;
  // A cell of a table (a catalogue of attack categories) is listed for the reader; still worth a look.
  if (context.kind === 'prose' && tableRow(context.text, match.index)) return 'MEDIUM';
  return 'HIGH';
}

/** A modal of possibility near the end of the clause. */
const CAN_DO = /\b(?:can|could|may|might)\b[^.!?]{0,80}$/i;

/** "If a page asks you to …", "when such content tells you to …": what something else requests, set as a condition. */
const REQUESTED_IN_CONDITION =
  /\b(?:if|when|whenever|should)\b[^.!?]{0,200}?\b(?:asks?|tells?|instructs?|wants?|requests?|urges?|demands?|directs?)\s{1,4}(?:you\s{1,4})?to\s{1,4}$/i;

/** The main clause after it refuses: ", do not comply", ", refuse", ", ignore it", ", quote it to the user and do not comply". */
const REFUSED_AFTER =
  /^[^.!?\n]{0,160}?,\s{0,4}(?:(?:quote|show|report|flag|mention)\b[^.!?\n,]{0,60}?\s(?:and|then)\s{1,4})?(?:(?:do\s{1,4}not|don'?t|never)\s{1,4}(?:comply|follow|obey|do\s{1,4}(?:it|so|that)|act\s{1,4}on)|refuse|decline|ignore\s{1,4}(?:it|them|that|the\s{1,4}request))\b/i;

/** The clause up to `at`: from the last sentence end or semicolon. */
function clauseBefore(text: string, at: number): string {
  const before = text.slice(Math.max(0, at - 200), at);
  const end = Math.max(
    before.lastIndexOf('. '),
    before.lastIndexOf('; '),
    before.lastIndexOf('! '),
    before.lastIndexOf('? '),
    before.lastIndexOf('\n\n'),
  );
  return before.slice(end + 1);
}

const QUOTED_EXAMPLE =
  /\b(?:for\s{1,4}example|for\s{1,4}instance|e\.g\.|such\s{1,4}as|like)\s{1,4}(?:(?:an?|the|one)\s{1,4}(?:[\w-]{1,20}\s{1,4}){0,2}?(?:reading|saying|containing|that\s{1,4}says|with(?:\s{1,4}the\s{1,4}text)?)\s{1,4})?(?:\\?["\u201c'])\s{0,2}$/i;

/** Hiding from the user: weak alone, HIGH with a risky act (judge/compounds.ts); hidden in a comment it is an order to the agent. */
export function concealment(match: RegExpExecArray, context: MatchContext): AcceptResult {
  if (
    context.kind !== 'comment' &&
    (describesAttack(context.text, match.index) || quotedInLine(context.text, match.index, match.index + match[0].length))
  )
    return MENTIONED;
  return { level: 'MEDIUM', capabilities: context.kind === 'comment' ? ['concealment', 'directive'] : ['concealment'] };
}

export const STRONG_QUALIFIER = /\b(?:previous|prior|above|earlier|preceding|former|original|initial|system|safety|developer|your)\b/i;
/** "Ignore instructions found in fetched pages" is the defence, not the attack. */
export const DEFENSIVE_TAIL =
  /^[\s*_~]{0,4}(?:that\s+(?:are|appear|come)\s+)?(?:in|from|within|inside|embedded|contained|found|appearing|coming)\s+(?:in\s+|from\s+)?(?:the\s+|any\s+|a\s+)?(?:tool|fetched|retrieved|web|untrusted|external|third|user|users'?|documents?|files?|pages?|content|results?|outputs?|responses?|data|inputs?|issues?|comments?|emails?|messages?|prs?|pull|repos?|websites?|search)/i;

export function overridesInstructions(match: RegExpExecArray, context: MatchContext): AcceptResult {
  const qualifiers = match[1] ?? '';
  const verb = (match[0].split(/[\s*_~>]/)[0] ?? '').toLowerCase();
  const strong = STRONG_QUALIFIER.test(qualifiers) || (/^(?:ignore|disregard|forget)$/.test(verb) && /\ball\b/i.test(qualifiers));
  if (!strong) return false;
  // "This policy supersedes all previous guidelines" is a document's history; superseding the agent's own instructions is not.
  if (
    verb.startsWith('supersede') &&
    !/\b(?:your|system|safety)\b/i.test(qualifiers) &&
    !/(?:instructions?|prompts?|directives?)$/i.test(match[0])
  )
    return false;
  // "This overrides your training data" is about knowledge, not instructions: training counts only when it is to be ignored.
  if (/(?:training|programming)$/i.test(match[0]) && !/^(?:ignore|disregard|forget|abandon)$/.test(verb)) return false;
  if (DEFENSIVE_TAIL.test(context.text.slice(match.index + match[0].length, match.index + match[0].length + 80))) return false;
  return instruction(match, context);
}

export const CONCEALED_OBJECT =
  /\b(?:this|these|it|that|what|you|your|skill|instructions?|actions?|steps?|commands?|changes?|files?|data|behaviou?r|anything|about|retry|retries|bypass|skipped|checks?|hooks?)\b/i;

export function concealsFromUser(match: RegExpExecArray, context: MatchContext): AcceptResult {
  const after = context.text.slice(match.index + match[0].length, match.index + match[0].length + 40);
  const aboutIt =
    /^\s{0,4}(?:know|that\s+(?:you|the|your|these|this|it|we|i)\b|what\s+you|this|these|anything|about\s+(?:this|these|it|that|what|the\s+(?:skill|instructions?|changes?|actions?|commands?|files?|upload|transfer|payload|hook|script|sync|backup|request)))\b/i;
  if (!CONCEALED_OBJECT.test(match[0].replace(/^\S+\s+\S+/, '')) && !aboutIt.test(after)) return false;
  return concealment(match, context);
}

export const REMOTE =
  /https?:\/\/|\burl\b|\blinks?\b|\bweb\s?(?:site|page)s?\b|\bwebsite\b|\bremote\b|\bonline\b|\binternet\b|\bgist\b|\bpastebin\b|\bexternal\b|\bthird[\s-]party\b|\buntrusted\b|\buser[\s-]generated\b|\bissues?\b|\bcomments?\b|\bserver\b|\bendpoint\b|\bwebfetch\b/i;

export function secretAction(match: RegExpExecArray, context: MatchContext): AcceptResult {
  const sentenceEnd = context.text.slice(match.index).search(/[.!?]/);
  if (negatedBefore(context.text, match.index, 80)) return false;
  if (sentenceEnd >= 0 && context.text[match.index + sentenceEnd] === '?') return false;
  return concealment(match, context);
}

export function followsRemote(match: RegExpExecArray, context: MatchContext): AcceptResult {
  if (negatedBefore(context.text, match.index)) return false;
  return REMOTE.test(match[0]) ? 'MEDIUM' : false;
}

/** Text other people write and an agent reads: tickets, issues, comments, messages, fetched pages, tool results. */
const OTHERS_TEXT = new RegExp(
  String.raw`\b(?:tickets?|issues?|comments?|bod(?:y|ies)|notes?|pull${S}requests?|PRs?|emails?|e-mails?|messages?|threads?|web${S}?pages?|pages?|fetched|returned|responses?|tool${S}results?|search${S}results?|reviews?|descriptions?|posts?|chats?)\b`,
  'i',
);
/** What makes the grant an order: no one asked, the user's own rank, or nothing shown. */
const GRANT_UNCHECKED = new RegExp(
  String.raw`\bwithout${S}(?:first${S})?(?:asking|confirm(?:ing|ation)|checking|approval|review(?:ing)?|prompting|waiting)|\bsame${S}(?:authority|weight|priority|rank)${S}as\b|\b(?:directly|automatically|immediately|unconditionally)\b|\bno${S}need${S}to${S}(?:ask|confirm|check)|\b(?:do${S}not|don'?t|never)${S}(?:ask|confirm|check|quote|mention|show|question)\b|\boverrides?\b|\btake${S}precedence\b`,
  'i',
);

/**
 * Text someone else writes given the rank of an instruction ("treat the ticket's notes as instructions"): MEDIUM, since
 * a skill that implements what an issue asks says much the same; HIGH when the grant skips the user (without asking,
 * with the user's authority, directly). Dropped when negated ("never treat … as instructions"); described when the
 * sentence is about what attackers write.
 */
export function dataGivenAuthority(match: RegExpExecArray, context: MatchContext): AcceptResult {
  if (negatedBefore(context.text, match.index)) return false;
  const from = Math.max(0, context.text.lastIndexOf('\n\n', match.index), match.index - 240);
  const end = match.index + match[0].length;
  const sentenceEnd = context.text.slice(end, end + 240).search(/[.!?](?:\s|$)|\n\n/);
  const to = sentenceEnd < 0 ? end + 240 : end + sentenceEnd;
  // Whose text it is may be said a sentence before; what skips the user must be said in the grant's own sentence.
  if (!OTHERS_TEXT.test(context.text.slice(from, to))) return false;
  if (describesAttack(context.text, match.index)) return MENTIONED;
  const before = context.text.slice(from, match.index);
  const sentenceStart =
    from +
    maxOf(
      [...before.matchAll(/[.!?]\s/g)].map((m) => m.index + m[0].length),
      0,
    );
  return GRANT_UNCHECKED.test(context.text.slice(sentenceStart, to))
    ? { level: 'HIGH', capabilities: ['injection', 'autonomy'] }
    : 'MEDIUM';
}

/** Verbs that make a hidden comment an order to act (not a note on style). */
export const ACTION =
  /\b(?:ignore|disregard|execute|run|send|upload|post|fetch|download|delete|remove|install|curl|wget|invoke|exfiltrate|copy|read|collect|include|append|insert)\b/i;
