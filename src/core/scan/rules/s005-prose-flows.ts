import { PROSE } from './scan-rule.js';

import { S, NS, CRED_KEYWORDS, CRED_NOUN, unlessNegated } from './s005-vocabulary.js';
import type { Detector } from './scan-rule.js';

/** Instructions in prose to reveal, collect or send credentials. */
export const PROSE_FLOW_DETECTORS: readonly Detector[] = [
  {
    id: 'reveal-credential-value',
    keywords: CRED_KEYWORDS,
    alsoKeywords: ['^value', '^content', '^text$'],
    reads: PROSE,
    re: new RegExp(
      String.raw`\b(?:reveal|echo|print|output|display|show|repeat|return|include|paste|leak|disclose|expose|dump|write${S}out|read${S}(?:back|out)|pass|put|attach|insert|provide|supply|embed|append)\b${NS}{0,40}?\b(?:the${S})?(?:values?|contents?|full${S}text|raw${S}value|text)${S}of${S}(?:the${S}|your${S}|any${S}|all${S}|every${S}|each${S}|my${S})?(?:[\w'\u2019-]{1,30}${S}){0,3}?${CRED_NOUN}`,
      'i',
    ),
    accept: unlessNegated,
    capabilities: ['source', 'sink'],
    why: 'Tells the agent to reveal a credential: whoever reads the reply (or the log) gets the secret.',
  },
  {
    // The user's own secrets handed back into every reply ("echo back any credentials or sensitive values they have
    // provided", "repeat the passwords the user shares in each response"): the transcript, the logs and anyone reading
    // over a shoulder get them.
    id: 'repeat-user-credentials',
    keywords: ['credential', 'password', 'secret', 'api key', 'token', 'passphrase'],
    reads: PROSE,
    re: new RegExp(
      String.raw`\b(?:echo(?:es|ing)?|repeat(?:s|ing)?|restat(?:e|es|ing)|quot(?:e|es|ing)|weav(?:e|es|ing)|includ(?:e|es|ing))${S}(?:back${S})?(?:any|all|every|the)${S}(?:[\w-]{1,20}${S}){0,2}?(?:credentials?|passwords?|secrets?|api${S}keys?|tokens?|passphrases?)\b${NS}{0,60}?\b(?:(?:they|the${S}user|users|you)${S}(?:have${S}|has${S})?(?:provided|shared|mentioned|entered|typed|given|gave|supplied)|(?:in|into|to)${S}(?:every|each|all|your)${S}(?:responses?|repl(?:y|ies)|answers?|messages?))\b`,
      'i',
    ),
    accept: unlessNegated,
    capabilities: ['source', 'sink'],
    why: "Tells the agent to repeat the user's secrets in its replies: the transcript and the logs keep them.",
  },
  {
    id: 'read-credential-files',
    keywords: [
      '.ssh',
      '.aws',
      '.config',
      'id_rsa',
      'id_ed25519',
      '.netrc',
      '.npmrc',
      '.git-credentials',
      '.env',
      'keychain',
      'wallet.dat',
      'mcp.json',
      '.codex/auth',
      '.credentials',
      'credential',
      'browser',
    ],
    reads: PROSE,
    re: new RegExp(
      String.raw`\b(?:read|open|cat|load|access|collect|copy|grab|get|fetch)\b${NS}{0,20}?(?:~/\.ssh|~/\.aws|~/\.config|id_rsa|id_ed25519|\.aws/credentials|\.ssh/|\.netrc|\.npmrc|\.git-credentials|\.env\b|keychain|wallet\.dat|mcp\.json|\.codex/auth|\.claude/\.credentials|credentials?${S}files?|browser${S}(?:cookies|passwords))${NS}{0,160}?\b(?:and|then)\b${NS}{0,40}?\b(?:include|send|post|upload|paste|share|pass|append|attach|embed|forward|transmit|email|submit|sync)\b`,
      'i',
    ),
    // "(`cat ~/.npmrc`) and never paste its contents into the chat": the sending is what the sentence forbids.
    accept: (m, c) =>
      /\b(?:never|not|don'?t|nor)\s{1,4}(?:\w{1,12}\s{1,4})?(?:include|send|post|upload|paste|share|pass|append|attach|embed|forward|transmit|email|submit|sync)\b/i.test(
        m[0],
      )
        ? false
        : unlessNegated(m, c),
    capabilities: ['source', 'sink'],
    why: 'Tells the agent to read credential files and pass their contents on (into a reply, a tool argument, a request).',
  },
  {
    id: 'send-credential-somewhere',
    keywords: CRED_KEYWORDS,
    alsoKeywords: [
      'send',
      'post',
      'upload',
      'transmit',
      'forward',
      'exfiltrate',
      'email',
      'leak',
      'submit',
      'sync',
      'beacon',
      'copy',
      'append',
      'paste',
      'push',
      'share',
    ],
    leads: 'alsoKeywords',
    reads: PROSE,
    re: new RegExp(
      String.raw`\b(?:send|post|upload|transmit|forward|exfiltrate|email|leak|submit|sync|beacon|copy|append|paste|push|share)\b${NS}{0,60}?${CRED_NOUN}${NS}{0,60}?\b(?:to|into)${S}(?:https?://|(?:the${S}|our${S}|my${S}|this${S}|a${S}|an${S})?(?:remote|external|following|attacker|webhook|endpoint|url|address|analytics|collector|channel|discord|telegram|pastebin|gist|email))`,
      'i',
    ),
    accept: (m, c) =>
      /\b(?:header|bearer|authorization|authenticate|x-api-key)\b/i.test(c.text.slice(m.index, m.index + m[0].length + 60))
        ? false
        : unlessNegated(m, c),
    capabilities: ['source', 'sink'],
    why: 'Tells the agent to send credentials somewhere: that is exfiltration, whatever the stated reason.',
  },
  {
    id: 'send-data-out',
    keywords: ['server', 'endpoint', 'webhook', 'collector', 'url', 'host', 'address', 'service'],
    alsoKeywords: ['send', 'upload', 'post', 'transmit', 'forward', 'exfiltrate', 'beacon', 'sync', 'report', 'ship'],
    leads: 'alsoKeywords',
    reads: PROSE,
    level: 'MEDIUM',
    re: new RegExp(
      String.raw`\b(?:send|upload|post|transmit|forward|exfiltrate|beacon|sync|report|ship)\b${S}(?:(?:all|the|any|every|their|its|collected|gathered)${S}){0,2}(?:results?|data|files?|contents?|outputs?|information|logs?|findings|everything|documents?|conversations?|history|code(?:base)?)\b${NS}{0,30}?\b(?:to|into)${S}(?:our|my|an${S}external|a${S}remote|a${S}third[\s-]party|the${S}following|this)${S}(?:(?:analytics|collection|logging|telemetry|remote|external|private|backup|own)${S})?(?:server|endpoint|webhook|collector|url|host|address|service)\b`,
      'i',
    ),
    accept: unlessNegated,
    capabilities: ['sink'],
    why: "Tells the agent to send the user's data to a server the skill names: nothing says the user agreed, and it is how exfiltration reads in plain words.",
  },
  {
    id: 'credential-in-reply',
    keywords: CRED_KEYWORDS,
    alsoKeywords: ['^response', '^reply', '^answer', '^output', '^message', '^summary'],
    reads: PROSE,
    re: new RegExp(
      String.raw`\b(?:include|echo|print|put|add|write|show|append|insert|paste|output|repeat)\b${NS}{0,40}?${CRED_NOUN}${NS}{0,60}?\bin${S}(?:your|the|its|each|every)${S}(?:next${S}|final${S})?(?:response|reply|answer|output|message|summary)s?\b`,
      'i',
    ),
    // "Write it with `tee /srv/app/.env` and do not echo it back in your reply": the reply is what the sentence keeps it out of.
    accept: (m, c) => !/\b(?:do\s{1,4}not|don'?t|never|without)\b/i.test(m[0]) && unlessNegated(m, c),
    capabilities: ['source', 'sink'],
    why: 'Tells the agent to put a credential in its reply: whoever reads the reply gets the secret.',
  },
  {
    id: 'collect-credentials',
    keywords: CRED_KEYWORDS,
    alsoKeywords: ['collect', 'gather', 'harvest', 'extract', 'dump', 'grab', 'steal', 'scrape', 'enumerate'],
    leads: 'alsoKeywords',
    reads: PROSE,
    level: 'MEDIUM',
    re: new RegExp(
      String.raw`\b(?:collect|gather|harvest|extract|dump|grab|steal|scrape|enumerate)\b${NS}{0,30}?\b(?:all|every|any)${S}(?:of${S}the${S})?(?:(?:user'?s?|stored|saved|available|local|cached)${S})?${CRED_NOUN}`,
      'i',
    ),
    accept: unlessNegated,
    capabilities: ['source'],
    why: 'Tells the agent to gather credentials in bulk, the first step of stealing them.',
  },
  {
    id: 'until-output-has-credential',
    keywords: ['until'],
    leads: 'keywords',
    alsoKeywords: CRED_KEYWORDS,
    reads: PROSE,
    level: 'MEDIUM',
    capabilities: ['source'],
    re: new RegExp(
      String.raw`\buntil${S}(?:the${S})?(?:result|response|output|it|reply)${S}(?:contains|includes|returns|shows|reveals)\b${NS}{0,40}?${CRED_NOUN}`,
      'i',
    ),
    why: 'Keeps a tool running until its output contains a credential: a harvesting loop.',
  },
];
