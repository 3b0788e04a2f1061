import { ALL } from './scan-rule.js';
import { negatedBefore } from './shell-vocabulary.js';
import type { Detector } from './scan-rule.js';

/** An email address as written (a placeholder like `<manager>` is not one). */
const ADDRESS = String.raw`[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,4}`;
const GAP = String.raw`[\s*_\x60"'>]{1,8}`;

/**
 * Data handed to someone else through the business tools themselves: mail forwarded, copied or blind-copied
 * to an address, files shared with anyone who has the link. Each is a sink: worth a look alone, HIGH with
 * hiding, a standing trigger or a secret (judge/compounds.ts). The same tools list what is set (`Get-InboxRule`,
 * `permissions().list`) without changing anything: only settings that send or share count.
 */
export const SHARED_OUT_DETECTORS: readonly Detector[] = [
  {
    id: 'mail-copied-out',
    keywords: [
      'forward',
      'bcc',
      'blind copy',
      'blindcopyto',
      'redirectto',
      'forwardingsmtpaddress',
      'updateautoforwarding',
      'forwardingaddresses',
    ],
    reads: ALL,
    capabilities: ['sink'],
    evidenceOnly: true,
    level: 'MEDIUM',
    re: new RegExp(
      String.raw`\b(?:auto-?)?forward(?:ed|s|ing)?${GAP}(?:[^.\n]{0,60}?\b)?to${GAP}${ADDRESS}|\badd${GAP}${ADDRESS}${GAP}as${GAP}(?:an?${GAP})?(?:bcc|cc|blind${GAP}copy)\b|\b(?:bcc|blind${GAP}copy)(?:_?recipients?|_?addresses|_?list)?\b[^.\n]{0,60}?${ADDRESS}|${ADDRESS}${GAP}(?:in|into|to)${GAP}(?:the${GAP})?(?:bcc|blind${GAP}copy)|["']?bcc["']?\s{0,4}[:=]\s{0,4}\[?\s{0,4}["']${ADDRESS}|-(?:ForwardTo|RedirectTo|ForwardAsAttachmentTo|ForwardingSmtpAddress|ForwardingAddress|BlindCopyTo)\b|\bforwardingAddresses\s{0,4}\(\s{0,4}\)\s{0,4}\.create\s{0,4}\(|\bupdateAutoForwarding\s{0,4}\(|["']forward["']\s{0,4}:\s{0,4}["']${ADDRESS}`,
      'i',
    ),
    accept: (m, c) => c.kind === 'code' || c.kind === 'inline' || !negatedBefore(c.text, m.index),
    why: "Forwards or copies the user's mail to an address the text gives: every message that matches leaves the mailbox.",
  },
  {
    id: 'shared-with-anyone',
    keywords: ['anyone', 'allusers', 'allauthenticatedusers', 'public-read', 'public-access', 'principal'],
    reads: ALL,
    capabilities: ['sink'],
    evidenceOnly: true,
    level: 'MEDIUM',
    re: /["']type["']\s{0,4}:\s{0,4}["']anyone["']|\btype\s{0,4}=\s{0,4}["']anyone["']|\b(?:iam\s{1,4}ch|add-iam-policy-binding|set-iam-policy)\b[^;&|\n]{0,200}?\ball(?:Authenticated)?Users\b|--acl[=\s]{1,4}["']?public-read(?:-write)?\b|--public-access[=\s]{1,4}["']?(?:blob|container)\b|["']Principal["']\s{0,4}:\s{0,4}(?:["']\*["']|\{\s{0,4}["']AWS["']\s{0,4}:\s{0,4}["']\*["'])|\banyone\s{1,4}with\s{1,4}the\s{1,4}link\b/i,
    accept: (m, c) => !negatedBefore(c.text, m.index),
    why: 'Makes files or a bucket readable by anyone who has the link or the address: whatever is in them is public.',
  },
];
