import { negatedBefore, phrases, wholeWords } from './shell-vocabulary.js';
import { S, NS, USER, concealment, concealsFromUser, secretAction, followsRemote, dataGivenAuthority, ACTION } from './s004-vocabulary.js';
import type { Detector } from './scan-rule.js';

const ACTIONS = new RegExp(ACTION.source, 'gi');

/** Whether a text orders an act somewhere it does not forbid it. */
function ordersAnAction(text: string): boolean {
  for (const m of text.matchAll(ACTIONS)) if (!negatedBefore(text, m.index)) return true;
  return false;
}

/** Orders that keep the user out, hide in comments, persist themselves, tamper with output or hand control to fetched content. */
export const HIDDEN_ORDER_DETECTORS: readonly Detector[] = [
  {
    id: 'conceal-from-user',
    keywords: ['tell', 'inform', 'notify', 'alert', 'mention', 'reveal', 'disclos', '^let$', '^letting$', 'warn'],
    alsoKeywords: ['do not', "don't", 'dont', 'never', 'must not', 'should not', "shouldn't", 'avoid'],
    leads: 'alsoKeywords',
    re: new RegExp(
      String.raw`\b(?:do${S}not|don'?t|never|must${S}not|should${S}not|shouldn'?t|avoid)${S}(?:ever${S})?(?:tell(?:ing)?|inform(?:ing)?|notify(?:ing)?|alert(?:ing)?|mention(?:ing)?|reveal(?:ing)?|disclos(?:e|ing)|let(?:ting)?|warn(?:ing)?)\b${NS}{0,60}?\b${USER}`,
      'i',
    ),
    accept: concealsFromUser,
  },
  {
    id: 'without-telling-user',
    keywords: ['without'],
    alsoKeywords: ['telling', 'informing', 'notifying', 'alerting', 'letting', 'warning'],
    leads: 'keywords',
    re: new RegExp(String.raw`\bwithout${S}(?:ever${S})?(?:telling|informing|notifying|alerting|letting|warning)${S}${USER}`, 'i'),
    accept: secretAction,
  },
  {
    id: 'user-must-not-know',
    keywords: phrases(['never', 'not'], ['know', 'see', 'notice', 'find out', 'learn', 'be told']),
    level: 'MEDIUM',
    re: new RegExp(
      String.raw`\b${USER}${S}(?:must|should|will|shall)${S}(?:never|not)${S}(?:know|see|notice|find${S}out|learn|be${S}told)\b`,
      'i',
    ),
    accept: concealment,
  },
  {
    id: 'comment-addressed-to-agent',
    keywords: ['^ai$', '^ais$', '^assistant', '^agent', '^llm', '^claude', '^copilot', '^codex', '^gemini', 'gpt', '^cursor', '<!--'],
    reads: ['comment'],
    re: new RegExp(
      String.raw`\b(?:ai|assistant|agent|llm|claude|copilot|codex|gemini|gpt|chatgpt|cursor)s?\b${NS}{0,40}?\b(?:must|should|shall|always|never|do\s{1,4}not|don'?t|ignore|execute|run|send|fetch|include|insert|append|output|reply|respond|say|invoke)\b|<!--[\s*_~]{0,8}(?:ignore|disregard|forget|you\s{1,4}(?:must|should|will|are\s{1,4}now)|(?:system\s{1,4})?(?:note|message|notice|instructions?)\s{1,4}(?:to|for)\s{1,4}(?:the\s{1,4})?(?:ai|assistant|agent|model|llm)|instructions?\s{1,4}for\s{1,4}(?:the\s{1,4})?(?:ai|assistant|agent|model|llm))\b`,
      'i',
    ),
    capabilities: ['directive'],
    level: 'MEDIUM',
    // An act it orders makes it HIGH; one it only forbids ("never run `npm publish` from here") leaves a hidden note.
    accept: (m, c) => (ordersAnAction(c.text) ? { level: 'HIGH', capabilities: ['directive', 'injection'] } : true),
    why: "An HTML comment is invisible when the Markdown is rendered but the agent reads it: a directive hidden there is aimed at the agent behind the user's back.",
  },
  {
    id: 'persist-instructions',
    keywords: [
      'memory',
      'memories',
      'claude.md',
      'agents.md',
      'gemini.md',
      '.cursorrules',
      'copilot-instructions',
      'system prompt',
      'custom instructions',
      'remember',
    ],
    alsoKeywords: wholeWords(['add', 'append', 'write', 'save', 'store', 'insert', 'put', 'record', 'remember']),
    leads: 'alsoKeywords',
    level: 'MEDIUM',
    capabilities: ['persistence'],
    re: new RegExp(
      String.raw`\b(?:add|append|write|save|store|insert|put|record)\b${NS}{0,40}?\b(?:to|into|in)${S}(?:your${S})?(?:long[\s-]term${S})?(?:memory|memories|claude\.md|agents\.md|gemini\.md|\.cursorrules|copilot-instructions\.md|system${S}prompt|custom${S}instructions)\b|\bremember${S}(?:this|these|that)\b${NS}{0,30}?\b(?:for${S}|in${S}|across${S})?(?:all${S})?(?:future|later|every|subsequent)${S}(?:sessions?|conversations?|chats?|tasks?)\b`,
      'i',
    ),
    accept: (m, c) => (negatedBefore(c.text, m.index) ? false : c.kind === 'comment' ? 'HIGH' : 'MEDIUM'),
    why: 'Tells the agent to write instructions into its memory or instruction files, so they steer every later session too.',
  },
  {
    id: 'tamper-with-output',
    keywords: ['always', 'silently', 'secretly', 'quietly', 'covertly', 'invisibly', 'automatically'],
    alsoKeywords: wholeWords(['every', 'all', 'any', 'each']),
    leads: 'keywords',
    re: new RegExp(
      String.raw`\b(?:always|silently|secretly|quietly|covertly|invisibly|automatically)${S}(?:add|include|insert|append|inject|embed|slip)\b${NS}{0,60}?\b(?:to|into|in)${S}(?:every|all|any|each)${S}(?:files?|code|commits?|responses?|outputs?|answers?|pull${S}requests?|prs?|scripts?|dependencies|package\.json|requirements)\b`,
      'i',
    ),
    accept: (m, c) => {
      if (negatedBefore(c.text, m.index)) return false;
      if (/^(?:silently|secretly|quietly|covertly|invisibly)/i.test(m[0]) || c.kind === 'comment')
        return { level: 'HIGH', capabilities: ['concealment', 'injection'] };
      return { level: 'MEDIUM', capabilities: ['directive'] };
    },
    why: 'Tells the agent to slip something into everything it produces (code, commits, answers): an integrity attack on its output.',
  },
  {
    id: 'follow-fetched-content',
    keywords: wholeWords([
      'follow',
      'obey',
      'execute',
      'run',
      'apply',
      'carry out',
      'do what',
      'do whatever',
      'do exactly',
      'act on',
      'comply',
      'implement',
    ]),
    // What is followed: something fetched first, or instructions from a remote place.
    alsoKeywords: [
      ...wholeWords(['fetch', 'download', 'retrieve', 'load', 'read', 'open', 'visit', 'get', 'curl', 'check', 'steps']),
      'browse',
      'go to',
      'instruction',
      'command',
      'direction',
      'directive',
    ],
    leads: 'either',
    level: 'MEDIUM',
    re: new RegExp(
      String.raw`\b(?:fetch|download|retrieve|load|read|open|visit|browse${S}to|go${S}to|get|curl|check)\b${NS}{0,100}?\b(?:and|then)${S}(?:(?:strictly|always|blindly|exactly|immediately)${S})?(?:follow|obey|execute|run|apply|carry${S}out|do${S}(?:what|whatever|exactly${S}what)|act${S}on|comply${S}with|implement)\b|\b(?:follow|obey|execute|run|apply|carry${S}out|comply${S}with)\b${NS}{0,30}?\b(?:instructions?|commands?|directions?|steps|directives?)\b${NS}{0,20}?\b(?:from|at|in|on|returned${S}by|contained${S}in|found${S}(?:at|in|on))${S}(?:the${S}|this${S}|that${S}|any${S}|a${S})?(?:https?:\/\/|url|link|web${S}?(?:page|site)|website|remote|online|gist|pastebin|issues?|comments?|response|server|endpoint|external|third[\s-]party|untrusted)`,
      'i',
    ),
    accept: followsRemote,
    capabilities: ['directive'],
    why: 'Tells the agent to take its instructions from content someone else controls (a URL, an issue, a web page): whoever edits that content steers the agent.',
  },
  {
    id: 'data-given-authority',
    keywords: wholeWords(['treat', 'treated', 'treating', 'carry out', 'execute', 'apply', 'obey', 'act on', 'perform', 'follow']),
    alsoKeywords: wholeWords(['instruction', 'instructions', 'directive', 'directives', 'command', 'commands', 'steps', 'orders']),
    leads: 'either',
    level: 'MEDIUM',
    re: new RegExp(
      [
        // "treat those notes as current instructions": text someone else writes, given the rank of an instruction.
        String.raw`\btreat(?:s|ed|ing)?\b(?:(?!\b(?:untrusted|never|not|only|data|hints?|suggestions?)\b)${NS}){0,80}?\bas${S}(?:(?:current|binding|authoritative|trusted|direct|your|standing|official|additional|new|real)${S}){0,2}(?:instructions?|directives?|orders?)\b`,
        // "Bodies written by maintainers … are triage directives from the team".
        String.raw`\b(?:are|is|count${S}as|become)${S}(?:[\w-]{1,30}${S}){0,2}?(?:directives?|instructions?|orders?)${S}(?:from|by)${S}(?:the${S})?(?:team|maintainers?|owners?|operators?|admins?|administrators?|user)\b`,
        // "carry out any steps or commands they contain".
        String.raw`\b(?:carry${S}out|execute|apply|obey|act${S}on|perform|follow)${S}(?:any|all|every|each|whatever)${S}(?:[\w-]{1,30}${S}){0,3}?(?:steps?|commands?|instructions?|directives?|actions?|requests?|orders?)${S}(?:(?:that|which)${S})?(?:they|it|those|these)${S}(?:contains?|includes?|lists?|requests?|asks?${S}for|gives?|specif(?:y|ies))\b`,
      ].join('|'),
      'i',
    ),
    accept: dataGivenAuthority,
    capabilities: ['directive'],
    why: 'Gives text that other people write (ticket notes, issue bodies, comments, fetched pages) the rank of an instruction: whoever writes there steers the agent.',
  },
];
