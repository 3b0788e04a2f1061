import type { Detector, MatchContext } from './scan-rule.js';

/**
 * A loop over everything a service lists that deletes each item through its API (`for p in projects: requests.delete(…)`,
 * `for r in $(jf rt curl /api/repositories | jq …); do jf rt del "$r/"; done`): every project, repository or database
 * the account holds. A loop that selects (an age, a label, a merged state, a dry run) is housekeeping; one that only
 * spares a name or two (`if key == keep: continue`) deletes everything else. The pattern finds the delete; the loop
 * around it is read by walking back a few lines, so no expression spans a loop's body.
 */

/** Words of a listing that select part of what is there: what the loop walks is a selection, not everything. */
const SELECTS =
  /\b(?:older|before|after|since|age|days?|mtime|stale|merged|expired?|cutoff|created|updated|last_?(?:used|modified|accessed)|filter|filters|selector|label|labels|query|where|grep|select|startswith|prefix|tag|tags|status|state|archived|inactive|unused|orphan(?:ed)?|dangling|preview|pr|temp|tmp|test|dev|sandbox)\b|\s-l\s|--selector\b|\$\{?(?:PR|PR_NUMBER|BRANCH|RUN_ID|BUILD_ID)\b/i;

/** An exclusion that spares a named item and deletes the rest: `if p["key"] == keep: continue`, `[[ $r == main ]] && continue`. */
const SPARES =
  /\bif\s[^\n]{0,120}?(?:==|\bin\b|\bis\b)[^\n]{0,120}?:\s{0,4}(?:\n[ \t]{0,24})?continue\b|\[\[?\s[^\n\]]{0,120}?=[^\n\]]{0,120}?\]\]?\s{0,4}&&\s{0,4}continue\b|\bnext\s{1,4}if\s[^\n]{0,120}/g;

/** Whether a loop body (before its delete) selects what it deletes: a condition other than sparing names. */
function bodySelects(body: string): boolean {
  // A single-bracket comparison of age or order (`[ "$d" -lt "$CUTOFF" ] && aws s3 rm …`) selects too.
  return /\bif\b|\belif\b|\bcase\b|\[\[|\btest\s|\[\s[^\]\n]{1,120}?\s-(?:lt|le|gt|ge|nt|ot)\s|\bgrep\b|\bdry[_-]?run\b|\bconfirm|\bread\s{1,4}-p\b/i.test(
    body.replace(SPARES, ''),
  );
}

/** Lines a loop's body may hold before its delete. */
const MAX_BODY_LINES = 10;

/** The lines of `text` before the one holding `index`, nearest first, and that line. */
function linesBefore(text: string, index: number): { line: string; before: string[] } {
  const start = text.lastIndexOf('\n', index - 1) + 1;
  const end = text.indexOf('\n', index);
  const line = text.slice(start, end < 0 ? text.length : end);
  const head = text.slice(Math.max(0, start - 4000), Math.max(0, start - 1));
  return {
    line,
    before:
      start === 0
        ? []
        : head
            .split('\n')
            .reverse()
            .slice(0, MAX_BODY_LINES + 1),
  };
}

const indentOf = (line: string) => /^[ \t]*/.exec(line)![0].length;

/** The loop around an indented delete (Python, Ruby): its item, what it walks, and the body above the delete. */
function indentedLoop(text: string, index: number): { item: string; list: string; body: string; line: string } | undefined {
  const { line, before } = linesBefore(text, index);
  const depth = indentOf(line);
  const body: string[] = [];
  for (const above of before) {
    if (!above.trim() || indentOf(above) >= depth) {
      body.push(above);
      continue;
    }
    // A block opener between the loop and the delete (`try:`, `with …:`) keeps the walk going up.
    if (/^\s*(?:try|else|finally|with\s[^\n]{1,200})\s*:\s*$/.test(above)) continue;
    const loop =
      /^\s*for\s{1,4}(\w{1,40})\s{1,4}in\s{1,4}([^\n]{1,200}):\s*$/.exec(above) ??
      /^\s*([^\n]{1,200}?)\.each\s{0,4}(?:do\s{1,4}\|\s{0,4}(\w{1,40})\s{0,4}\||\{\s{0,4}\|\s{0,4}(\w{1,40})\s{0,4}\|)/.exec(above);
    if (!loop) return undefined;
    const ruby = loop[0].includes('.each');
    return { item: ruby ? (loop[2] ?? loop[3]!) : loop[1]!, list: ruby ? loop[1]! : loop[2]!, body: body.reverse().join('\n'), line };
  }
  return undefined;
}

/** The shell loop around a delete: `for x in $(…); do` or `… | while read -r x; do`, with no `done` between. */
function shellLoop(text: string, index: number): { item: string; list: string; body: string; line: string } | undefined {
  const { line, before } = linesBefore(text, index);
  const body: string[] = [];
  const lines = [line.slice(0, index - (text.lastIndexOf('\n', index - 1) + 1)), ...before];
  for (const [k, above] of lines.entries()) {
    if (/\bdone\b/.test(above)) return undefined;
    const forLoop = /\bfor\s{1,4}(\w{1,40})\s{1,4}in\s{1,4}\$\(([^\n]{1,300})\)\s{0,4}(?:;\s{0,4}do\b|$)/.exec(above);
    if (forLoop) return { item: forLoop[1]!, list: forLoop[2]!, body: body.reverse().join('\n'), line };
    const whileRead = /^([^\n]{0,300})\|\s{0,4}while\s{1,4}(?:IFS=\S{0,8}\s{1,4})?read\s{1,4}(?:-r\s{1,4})?(\w{1,40})\b/.exec(above);
    if (whileRead) {
      // The listing may end lines above, continued with `\` (`aws s3 ls … | sort | head -n -14 \` ⏎ `| while read -r k`).
      const continued: string[] = [];
      for (let j = k + 1; j < lines.length && j <= k + 4 && /\\\s{0,4}$/.test(lines[j]!); j++) continued.unshift(lines[j]!);
      return { item: whileRead[2]!, list: [...continued, whileRead[1]!].join('\n'), body: body.reverse().join('\n'), line };
    }
    body.push(above);
  }
  return undefined;
}

/** What a service lists, asked for in the loop's own header (a variable built earlier may hold a selection). */
const SERVICE_LISTING =
  /\.json\s{0,4}\(\s{0,4}\)|\.(?:list|search|scan|paginate|all)\w{0,30}\s{0,4}\(|\b(?:list|search|describe|get)_\w{1,40}\s{0,4}\(|\brequests\.get\b|\bhttpx\.get\b|\/api\//;

function deletesEveryListed(loop: ReturnType<typeof shellLoop>, shell: boolean): boolean {
  if (!loop || (!shell && !SERVICE_LISTING.test(loop.list))) return false;
  const item = shell ? new RegExp(String.raw`\$\{?${loop.item}\b`) : new RegExp(String.raw`\b${loop.item}\b`);
  return item.test(loop.line) && !SELECTS.test(loop.list) && !bodySelects(loop.body);
}

export const LOOP_DELETE_DETECTORS: readonly Detector[] = [
  {
    id: 'code-deletes-everything-listed',
    keywords: ['.delete'],
    scope: 'unit',
    reads: ['code'],
    re: /\b\w{1,30}\.delete\w{0,30}\s{0,4}\(/,
    accept: (m: RegExpExecArray, c: MatchContext) => deletesEveryListed(indentedLoop(c.text, m.index), false),
    why: 'Deletes every item a service lists (projects, repositories, databases, users) through its API, sparing at most a name or two: beyond recovery, and beyond the task.',
  },
  {
    id: 'shell-deletes-everything-listed',
    keywords: ['jf rt del', 'delete', 'drop database', 'drop schema', 's3 rb', 's3 rm'],
    scope: 'unit',
    reads: ['code'],
    re: /\bjf\s{1,4}rt\s{1,4}del\b|-X\s{0,4}DELETE\b|--request\s{1,4}DELETE\b|\s(?:delete|delete-[\w-]{1,40})\s|\s--delete\b|\baws\s{1,4}s3\s{1,4}(?:rb|rm)\b|\bDROP\s{1,4}(?:DATABASE|SCHEMA)\b/i,
    accept: (m: RegExpExecArray, c: MatchContext) => deletesEveryListed(shellLoop(c.text, m.index), true),
    why: 'Deletes every item a service lists (repositories, buckets, databases, branches) one by one, sparing at most a name or two: beyond recovery, and beyond the task.',
  },
];
