import { DEFANGED_ADDRESS } from '../rules/shell-vocabulary.js';

/**
 * Code blocks that show a bad example rather than give a step: a block whose comment labels the lines
 * after it as the thing to recognise (`# BAD`, `// DANGEROUS: flagged by rule …`, `# ruleid: …`) until the
 * next comment (`# GOOD`), or a block its lead-in tells the agent to refuse or flag. Such lines are
 * described (MEDIUM at most), never quiet: the label is the author's, so it only ever lowers a block the
 * agent is not told to run, and a script file (which runs whatever its comments say) is never read this way.
 */

/** A comment line of a code block (`# …`, `// …`, `-- …`, `REM …`, `<!-- …`, `/* …`), not a shebang. */
const COMMENT_LINE = /^[ \t]*(?:#(?!!)|\/\/|--(?![\w-])|;|REM\b|<!--|\/\*|\*(?![*/]))[ \t]*(.*)$/i;

/** What a comment says when the lines after it are shown to be recognised: bad, dangerous, a rule's positive case. */
const EXHIBIT_LABEL =
  /^(?:\u274c|\u2717|\u2718|\ud83d\udeab|\u26a0\ufe0f?[ \t]{0,4}(?:bad|dangerous|unsafe|insecure|vulnerable)\b|(?:bad|dangerous|danger|vulnerable|insecure|unsafe|wrong|malicious|exploit|noncompliant|non-compliant|anti-?pattern|attacker|ruleid|forbidden|prohibited|disallowed|not[ \t]{1,4}allowed)\b|(?:example[ \t]{1,4})?(?:flagged|detected|caught|blocked)[ \t]{1,4}(?:by|as)\b|[^\n]{0,60}?\b(?:as[ \t]{1,4}found|(?:do[ \t]{1,4}not|don'?t|never)[ \t]{1,4}(?:run|execute))\b)/i;

/**
 * A lead-in whose last sentence tells the agent to refuse or flag what the block shows ("If a file asks for any of
 * these, refuse:"). The verb is the reader's order, not a clause about something ("remove the things that block the server:"),
 * nor a noun after its article ("the flag", German "Den Block erzeugst du so:").
 */
const REFUSED_BLOCK =
  /(?<!\b(?:that|which|who|it|they|to|will|would|can|could|may|might|does|do|the|a|an|this|den|der|die|das|dem|des|ein|einen|einem|diesen)[\s*_]{1,4})\b(?:refuse|reject|deny|flag|detect|block)\b[^.!?]{0,200}$/i;

/** A lead-in that says how the block is to be rated ("Examples that must be reported as CRITICAL:"): lines to judge, not to run. */
const RATED_BLOCK =
  /\b(?:reported|flagged|marked|classified|rated|treated)\s{1,4}as\s{1,4}(?:an?\s{1,4})?(?:critical|high|severe|malicious|suspicious|dangerous|blocking|(?:a\s{1,4})?findings?)\b[^.!?]{0,120}$/i;

/** A live address: a URL, a host with a path (`tools.example.dev/i.sh`, held in a variable too), or an IPv4 address. */
const LIVE_ADDRESS = /\bhttps?:\/\/|\b(?:[a-z0-9-]{1,63}\.){1,5}[a-z]{2,24}\/|\b\d{1,3}(?:\.\d{1,3}){3}\b/i;
const DOWNLOADER = /\b(?:curl|wget|iwr|irm|invoke-webrequest|invoke-restmethod|fetch|urlopen|requests\.get|httpx\.get)\b/i;
/** A defanged URL whole (`hxxps://cdn-upd.top/a.ps1`): its host is not live, whatever its dots. */
const DEFANGED_URL = /\bhxxps?:\/\/\S{0,300}/gi;

/**
 * A block that defangs its addresses (`hxxps://`, `cdn-upd[.]top`) and holds no live one: an analyst's write-up of what
 * ran, where nothing runs as written. A defanged comment over a live download is no write-up.
 */
export function defangedWriteUp(text: string, start: number, end: number): boolean {
  const block = text.slice(start, end);
  if (!DEFANGED_ADDRESS.test(block) || LIVE_ADDRESS.test(block.replace(DEFANGED_URL, ''))) return false;
  // Every line that fetches fetches a defanged address: not `u=tools.example.dev` then `curl "$u/i.sh" | sh`.
  return block.split('\n').every((line) => !DOWNLOADER.test(line) || DEFANGED_ADDRESS.test(line));
}

/** The offsets of `text[start, end)` that a bad-example label covers, as [from, to) ranges. */
export function exhibitRanges(text: string, start: number, end: number): [number, number][] {
  const ranges: [number, number][] = [];
  let open: number | undefined;
  let at = start;
  while (at < end) {
    const eol = text.indexOf('\n', at);
    const lineEnd = eol < 0 || eol > end ? end : eol;
    const comment = COMMENT_LINE.exec(text.slice(at, Math.min(lineEnd, at + 400)));
    if (comment) {
      if (open !== undefined) ranges.push([open, at]);
      open = EXHIBIT_LABEL.test(comment[1]!) ? at : undefined;
    }
    at = lineEnd + 1;
  }
  if (open !== undefined) ranges.push([open, end]);
  return ranges;
}

/**
 * A list's lead that forbids what the list holds: "Do **not** do any of these fixes you find on forums:",
 * "## Do NOT", "Never:", "Anti-patterns:". Not "Do not skip these steps:" nor "Do not proceed until:".
 */
const FORBIDDING_LEAD =
  /(?:^|[.!?]\s)[\s#>]{0,8}(?:(?:do\s{1,4}not|don'?t|never|must\s{1,4}not|mustn'?t|should\s{1,4}not|shouldn'?t)(?:\s{1,4}(?:ever\s{1,4})?(?:do|run|use|try|apply|add|type|execute|follow|suggest|copy|paste|recommend))?(?:\s{1,4}(?:any\s{1,4}of\s{1,4})?(?:these|the\s{1,4}following)\b[^.!?:]{0,80})?|avoid(?:\s{1,4}(?:these|the\s{1,4}following)\b[^.!?:]{0,80})?|forbidden(?:\s{1,4}(?:commands?|actions?|patterns?|fixes))?|prohibited|anti-?patterns?|what\s{1,4}not\s{1,4}to\s{1,4}do|(?:known\s{1,4})?bad\s{1,4}(?:fixes|advice|practices?))\s{0,4}:?\s{0,4}$/i;

/**
 * The same lead in other languages, read with accents stripped: Japanese "yatte wa ikenai koto", Chinese "jinzhi shixiang",
 * Korean "haji mal geot", "Nicht tun", "Verboten", "No hacer", "A ne pas faire", "Nao faca", "Da non fare" (a heading or a
 * lead ending in a colon). Written as escapes: the bundle stays ASCII.
 */
const FORBIDDING_LEAD_OTHER_LANGUAGES = new RegExp(
  String.raw`(?:^|[.!?\u3002]\s)[\s#>]{0,8}(?:` +
    [
      String.raw`\u3084\u3063\u3066\u306f\u3044\u3051\u306a\u3044\u3053\u3068`, // yatte wa ikenai koto (what you must not do)
      String.raw`\u3057\u3066\u306f\u3044\u3051\u306a\u3044\u3053\u3068`, // shite wa ikenai koto
      String.raw`\u7981\u6b62\u4e8b[\u9805\u9879]`, // kinshi jikou / jinzhi shixiang (prohibited items)
      String.raw`\u7981\u6b62(?:\u64cd\u4f5c|\u884c\u4e3a)?`, // jinzhi (prohibited), prohibited operations, prohibited behaviour
      String.raw`\u4e0d\u8981(?:\u505a)?(?:\u7684\u4e8b(?:\u60c5)?)?`, // buyao (do not), things not to do
      String.raw`\u5207\u52ff`, // qiewu (never)
      String.raw`\u8bf7\u52ff`, // qingwu (please do not)
      String.raw`\ud558\uc9c0\s{0,2}\ub9d0\s{0,2}\uac83`, // haji mal geot (do not do)
      String.raw`\uae08\uc9c0(?:\s{0,2}\uc0ac\ud56d)?`, // geumji (prohibited), prohibited items
      String.raw`(?:bitte\s{1,4})?nicht\s{1,4}(?:tun|machen|ausfuhren)|verboten|niemals`,
      String.raw`no\s{1,4}(?:hacer|ejecutar)|nunca|prohibido`,
      String.raw`a\s{1,4}ne\s{1,4}pas\s{1,4}faire|interdit|ne\s{1,4}jamais`,
      String.raw`nao\s{1,4}(?:faca|fazer|execute)|proibido`,
      String.raw`da\s{1,4}non\s{1,4}fare|vietato|mai`,
      String.raw`khong\s{1,4}bao\s{1,4}gio|khong\s{1,4}(?:duoc|nen)\s{1,4}(?:lam|dung|chay)|\u0111ung\s{1,4}(?:lam|dung|chay)|cam`, // Vietnamese: never, must not do/use/run, don't, forbidden
      String.raw`jangan(?:\s{1,4}(?:pernah|lakukan|jalankan))?|dilarang`, // Indonesian: don't (ever, do, run), forbidden
      String.raw`nooit|niet\s{1,4}doen|verboden|nigdy|nie\s{1,4}(?:rob|robic|uruchamiaj)|zakazane|asla|yapmayin|yasak`, // Dutch, Polish, Turkish
      String.raw`aldrig|forbjudet|nikdy|zakazano|niciodata|interzis|ala\s{1,4}koskaan|kielletty|soha|tilos`, // Swedish, Czech, Romanian, Finnish, Hungarian
      // Mongolian khoriglokh (zuils), prohibited (things), as written and as folded (look-alike Cyrillic read as Latin).
      String.raw`[\u0425X][\u043eo][\u0440p]\u0438\u0433\u043b[\u043eo][\u0445x](?:\s{1,4}\u0437[\u04afy]\u0438\u043b[\u0441c])?`,
      String.raw`\u0e02\u0e49?\u0e2d\u0e2b\u0e49?\u0e32\u0e21|\u0e2b\u0e49?\u0e32\u0e21`, // Thai: kho ham (prohibitions), ham (forbidden), tone marks optional (folded text drops them)
      String.raw`\u0645\u0645\u0646\u0648\u0639|\u0645\u062d\u0638\u0648\u0631(?:\u0627\u062a)?|\u05d0\u05e1\u05d5\u05e8|\u03c0\u03bf\u03c4\u03b5|\u03b1\u03c0\u03b1\u03b3\u03bf\u03c1\u03b5\u03c5\u03b5\u03c4\u03b1\u03b9`, // Arabic mamnu, mahzurat; Hebrew asur; Greek pote, apagoreuetai
    ].join('|') +
    String.raw`)\s{0,4}[:\uff1a]?\s{0,4}$`,
  'i',
);

/** Whether a list's lead (`text[from, to)`, a paragraph or a heading) forbids the list's items. */
export function forbidsList(text: string, from: number, to: number): boolean {
  const lead = text.slice(from, Math.min(to, from + 400)).replace(/[*_\x60]/g, '');
  return FORBIDDING_LEAD.test(lead) || FORBIDDING_LEAD_OTHER_LANGUAGES.test(lead);
}

/**
 * A lead-in that reports what was seen, in the past tense ("A phishing `.lnk` launched this (defanged):", "We
 * recovered the following from the host:"): the block is evidence of an incident, not a step.
 */
const SEEN_BLOCK =
  /\b(?:(?:launched|ran|executed|dropped|spawned|invoked|contained|(?:was|were)\s{1,4}(?:observed|seen|found|captured|recovered|extracted)|we\s{1,4}(?:saw|observed|found|captured|recovered|extracted))\s{1,4}(?:this|these|the\s{1,4}following)\b|(?:seen|observed|found|captured|recovered)\s{1,4}(?:in|on|at|during)\s{1,4}(?:an?|the)\b|decodes?\s{1,4}(?:it|this|them)\s{1,4}(?:to|into)\b)[^.!?]{0,120}$/i;

/**
 * A lead-in that calls the block a specimen: a sample or an indicator, defanged, as found, not to be run ("Sample
 * (defanged host, from a phishing attachment):", "Worked example (from a 2023 phishing attachment, defanged):").
 * "Example:" alone introduces a step.
 */
const SPECIMEN_BLOCK = new RegExp(
  [
    // "Sample (defanged host …):", "IOC:", "A real-world sample:": the sentence names the block.
    String.raw`^[\s>#*-]{0,8}(?:(?:an?|the|one|this|another)\s{1,4})?(?:(?:malicious|suspicious|obfuscated|captured|observed|real[\s-]world)\s{1,4})?(?:samples?|specimens?|iocs?|indicators?)\b[^.!?]{0,120}$`,
    // "… a malicious sample (stage 1):", "the suspicious command line:"
    String.raw`\b(?:malicious|suspicious|obfuscated|captured|observed)\s{1,4}(?:[\w-]{1,20}\s{1,4})?(?:samples?|specimens?|artifacts?|artefacts?|payloads?|command[\s-]lines?|commands?|scripts?|droppers?|cradles?)\b[^.!?]{0,80}$`,
    String.raw`\bdefanged\b[^.!?]{0,80}$`,
    // "Input (from the EDR log):", in any language: a security product's record names what it saw.
    String.raw`\b(?:EDR|SIEM|XDR|Sysmon|auditd)\b[^.!?]{0,80}$`,
    // "Example from CASE-2291:", "Sample from incident INC-88:": what a case recorded, by its case id.
    String.raw`\b(?:examples?|samples?|excerpt)\s{1,4}from\s{1,4}(?:the\s{1,4})?(?:case|incident|inc|ticket|investigation)\b[\s#:-]{0,3}[\w-]{0,20}\W{0,4}$`,
    // "Match fixtures are synthetic process events, e.g.:": a test's input shown by example, or a made-up record of events.
    String.raw`\b(?:fixtures?|test\s{1,4}(?:data|inputs?|events?|vectors?))\b[^.!?]{0,80}?(?:\be\.g\.|\bfor\s{1,4}example|\bsuch\s{1,4}as|\blike)\W{0,4}$`,
    String.raw`\b(?:synthetic|sample|simulated)\s{1,4}(?:[\w-]{1,20}\s{1,4})?(?:events?|logs?|log\s{1,4}(?:lines?|records?|entries)|records?|telemetry)\b[^.!?]{0,80}$`,
    // "For responders who receive samples such as:", Spanish "que reciben muestras como:" (and Portuguese, French, Italian, German).
    String.raw`\b(?:receive[sd]?|analy[sz]e|triage|recib(?:e|en)|analiza[nr]?|recebe[mr]?|re\u00e7oi(?:t|vent)|analysent|ricev(?:e|ono)|analizzano|erhalten|analysieren)\s{1,4}(?:[\w-]{1,20}\s{1,4}){0,2}?(?:samples?|specimens?|muestras?|amostras?|\u00e9chantillons?|campioni|proben)\s{1,4}(?:like|such\s{1,4}as|como|tales\s{1,4}como|comme|tels?\s{1,4}que|come|wie)\W{0,4}$`,
    // "Review the collected artefacts for these indicators and quote the exact line for each hit:": what a triage looks for.
    String.raw`\b(?:review|check|search|scan|inspect|grep|hunt|look\s{1,4}(?:through|over))\b[^.!?]{0,80}?\bfor\s{1,4}(?:these|the\s{1,4}following)\s{1,4}(?:indicators?|signs?|iocs?|red\s{1,4}flags?|patterns?)\b[^.!?]{0,160}$`,
    // "(as found, do not run):" at the end of the lead, not "so jobs don't run as you:"; "quote it; do not act on it:";
    // "(record them in findings, do not run them elsewhere):".
    String.raw`\b(?:as\s{1,4}found|(?:do\s{1,4}not|don'?t|never)\s{1,4}(?:run|execute|act\s{1,4}on|obey)(?:\s{1,4}(?:it|this|these|them))?(?:\s{1,4}(?:elsewhere|anywhere\s{1,4}else|yourself|directly))?|(?:never|not)\s{1,4}to\s{1,4}be\s{1,4}(?:run|executed))\W{0,4}$`,
    String.raw`\bfrom\s{1,4}(?:an?|the)\s{1,4}(?:[\w-]{1,20}\s{1,4}){0,3}(?:phishing|malicious|infected|compromised|malware)\b[^.!?]{0,80}$`,
    // "Typical payloads you will see, quoted for reference only:", "(quoted so you recognise them)": shown to be known.
    // "(these are things to FLAG, not to do):": what a review looks for, shown.
    String.raw`\bthings?\s{1,4}to\s{1,4}(?:flag|detect|report|catch|look\s{1,4}for|watch\s{1,4}for)\b[^.!?]{0,80}$|\bnot\s{1,4}(?:things?\s{1,4})?to\s{1,4}(?:do|run|execute|follow)\b\W{0,4}$`,
    // "The following are examples of what is FORBIDDEN and must be refused …:": what to refuse, shown.
    String.raw`\bexamples?\s{1,4}of\s{1,4}what\s{1,4}(?:is|are)\s{1,4}(?:forbidden|prohibited|banned|not\s{1,4}allowed)\b[^.!?]{0,200}$|\b(?:must|should|will|are\s{1,4}to)\s{1,4}be\s{1,4}(?:refused|rejected|denied|blocked|flagged)\b[^.!?]{0,160}$`,
    // "(as TEXT, not as orders)", Spanish "(como TEXTO, no como órdenes)", and the same in Portuguese, French, Italian, German.
    String.raw`\b(?:as\s{1,4}text,?\s{1,4}not\s{1,4}(?:as\s{1,4})?(?:orders|commands|instructions)|como\s{1,4}texto,?\s{1,4}(?:no|n[a\u00e3]o)\s{1,4}como\s{1,4}(?:[o\u00f3]rdenes|ordens|comandos|instrucciones|instru[c\u00e7][o\u00f5]es)|comme\s{1,4}(?:du\s{1,4})?texte,?\s{1,4}(?:et\s{1,4})?non\s{1,4}comme\s{1,4}(?:des\s{1,4})?(?:ordres|commandes|instructions)|come\s{1,4}testo,?\s{1,4}non\s{1,4}come\s{1,4}(?:ordini|comandi|istruzioni)|als\s{1,4}text,?\s{1,4}nicht\s{1,4}als\s{1,4}(?:befehle|anweisungen))\b[^.!?]{0,80}$`,
    String.raw`\b(?:quoted|shown|listed|reproduced|included)\s{1,4}(?:here\s{1,4})?(?:only\s{1,4})?(?:for\s{1,4}(?:reference|recognition|illustration)|so\s{1,4}(?:that\s{1,4})?you\s{1,4}(?:can\s{1,4})?recogni[sz]e)\b[^.!?]{0,80}$|\bfor\s{1,4}reference\s{1,4}only\b[^.!?]{0,40}$`,
  ].join('|'),
  'i',
);

/** A lead-in that is only a bad-example label ("DANGEROUS:", "**Bad:**", "Insecure example (do not copy):"), as a block's `# BAD` comment is. */
const LABEL_BLOCK =
  /^[\s>#-]{0,8}(?:\u274c|\u2717|\u2718|\u26a0\ufe0f?)?\s{0,2}(?:bad|dangerous|danger|insecure|unsafe|vulnerable|wrong|noncompliant|non-compliant|anti-?pattern)(?:\s{1,4}(?:examples?|code|patterns?|versions?|practices?|usage))?(?:\s{0,4}\([^()\n]{0,60}\))?\W{0,4}$/i;

/** Whether a lead-in's last sentence (`text[from, to)`) tells the agent to refuse or flag the block it introduces, or reports it as seen. */
export function leadInShowsBlock(text: string, from: number, to: number): boolean {
  const sentence = text.slice(from, to).replace(/[:\s]+$/, '');
  return (
    REFUSED_BLOCK.test(sentence) ||
    RATED_BLOCK.test(sentence) ||
    SEEN_BLOCK.test(sentence) ||
    SPECIMEN_BLOCK.test(sentence) ||
    LABEL_BLOCK.test(sentence.replace(/[*_\x60]/g, ''))
  );
}

/**
 * A line of a tool's report (`.claude/settings.json PreToolUse[0] H001 error curl … | sh`, `src/a.sh:3: curl …`,
 * `Evidence: /etc/sudoers.d/90-deploy:1 …`): it names a file, then quotes what was found there.
 */
const REPORT_LINE =
  /^[ \t]{0,8}(?:(?:evidence|finding|found|match|hit|location)[ \t]{0,4}:[ \t]{1,4})?\/?(?:[\w.@~-]{1,80}\/){0,12}[\w.@-]{1,80}(?:\.(?:json|jsonc|md|mdc|ya?ml|toml|txt|log|ini|cfg)(?::\d{1,7}){0,2}[:\s]|:\d{1,7}(?::\d{1,7})?:?[ \t])/i;

/** A finding line of a report, led by its severity (`[CRITICAL] NOPASSWD: ALL in /etc/sudoers.d/90-x`, `WARN: ufw inactive`). */
const SEVERITY_LINE =
  /^[ \t]{0,8}(?:\[(?:CRITICAL|HIGH|MEDIUM|LOW|WARN(?:ING)?|FAIL(?:ED)?|ERROR|INFO|OK|PASS(?:ED)?)\]|(?:CRITICAL|WARN(?:ING)?|FAIL(?:ED)?)[ \t]{0,2}:)[ \t]/;

/** Whether `offset` sits after the file name of a report line (or its severity tag): what the report quotes, not a command. */
export function inReportLine(text: string, offset: number): boolean {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const tagged = SEVERITY_LINE.exec(text.slice(lineStart, Math.min(offset, lineStart + 40) + 1));
  if (tagged && lineStart + tagged[0].length <= offset) return true;
  const head = REPORT_LINE.exec(text.slice(lineStart, Math.min(offset, lineStart + 400) + 1));
  return head !== null && lineStart + head[0].length <= offset;
}

/** A title that names a collection of attacks: payloads (Malay and Indonesian `muatan`), patterns, indicators, a corpus, test vectors. */
const CATALOGUE_TITLE =
  /^#[ \t]{1,4}[^\n]{0,120}?\b(?:payloads?|patterns|indicators|iocs?|corpus|samples|techniques|test[ \t]{1,4}(?:data|cases|vectors)|signatures|detections?|muatan)\b/im;
/** Words of a title or an opening paragraph that say the collection is data: shown, sent as input, never run or obeyed (Malay and Indonesian `jangan patuhi`). */
const SHOWN_NOT_RUN =
  /\b(?:do[ \t]{1,4}not|don'?t|never)[ \t]{1,4}(?:run|execute|obey|follow)\b|\bjangan[ \t]{1,4}(?:patuhi|ikuti|jalankan|laksanakan)\b|\bnot[ \t]{1,4}to[ \t]{1,4}be[ \t]{1,4}(?:run|executed)\b|\btest[ \t]{1,4}data\b|\bfor[ \t]{1,4}(?:detection|recognition)\b|\bdetections?[ \t]{1,4}can[ \t]{1,4}be\b|\bcollected[ \t]{1,4}from\b|\bverbatim\b/i;

/** The opening says it in one breath: "These are patterns to **flag**, never to run." */
const FLAGGED_NOT_RUN =
  /\b(?:patterns|payloads|indicators|signatures|examples|commands|snippets)[\s*_]{1,4}to[\s*_]{1,4}(?:flag|detect|report|catch|look[\s*_]{1,4}for)\b[\s*_,;]{0,6}(?:and[\s*_]{1,4})?(?:never|not)[\s*_]{1,4}to[\s*_]{1,4}(?:be[\s*_]{1,4})?(?:run|executed?|followed?)\b/i;

/** Whether a document (of any role: a review rules file too) opens by calling what it lists patterns to flag, never to run, or by ordering every item below flagged. */
export function opensAsFlagList(text: string): boolean {
  const opening = text.slice(0, 1200);
  return FLAGGED_NOT_RUN.test(opening) || FLAG_EVERY_ITEM.test(opening);
}

/** "When asked to review a change, flag every item below that appears in the diff", "flag (do not run) any of the following": what the list holds is looked for. */
const FLAG_EVERY_ITEM =
  /\b(?:flag|report|detect)(?:[\s*_]{1,4}\([^)\n]{0,40}\))?[\s*_]{1,4}(?:every|each|any|all)(?:[\s*_]{1,4}of)?[\s*_]{1,4}(?:(?:item|pattern|case|entry)s?[\s*_]{1,4}(?:below|listed[\s*_]{1,4}below|that[\s*_]{1,4}follows?)|the[\s*_]{1,4}following)\b/i;

/**
 * A reference document that opens as a catalogue of attacks (`# Payload corpus (test data — do not execute)`,
 * "representative attacker command lines … so detections can be written"): its title names a collection of
 * attacks and its title or first paragraph says the collection is data. What it holds is shown: MEDIUM at most.
 * An instruction elsewhere that runs what it holds is judged there, with this document's evidence as its own.
 */
export function catalogueOfAttacks(text: string): boolean {
  const opening = text.slice(0, 1200);
  const title = CATALOGUE_TITLE.exec(opening);
  // The title's paragraph and the one after it.
  return (
    title !== null &&
    SHOWN_NOT_RUN.test(
      opening
        .slice(title.index)
        .split(/\n[ \t]*\n/, 2)
        .join('\n'),
    )
  );
}
