import { maxOf } from './push-all.js';
/**
 * Making repository content safe to put in a GitHub comment: no raw HTML, no live
 * @-mentions, no markdown that changes the structure around it.
 */

const ZERO_WIDTH_SPACE_ENTITY = '&#8203;';
/** Text that renders the same in a backtick span and cannot break out of one. */
const PLAIN_CODE = /^[\w .*/:+=,#$%^()[\]{}~-]+$/;

/**
 * Plain text for use in a markdown paragraph or table cell. GitHub's autolinker would turn a
 * URL, a `www.` name or an e-mail address from content into a live link, inside raw `<code>` too:
 * a zero-width space after `:`, `www` and `@` keeps them text.
 */
export function escapeMarkdownText(text: string, maxLength = 500): string {
  const clipped = clip(text.replace(/[\r\n]+/g, ' '), maxLength);
  return clipped
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/([\\`*_{}[\]()#+!|~])/g, '\\$1')
    .replace(/@/g, `@${ZERO_WIDTH_SPACE_ENTITY}`)
    .replace(/^(\s*)([-=]{3,})/, '$1\\$2')
    .replace(/^(\s*)(\d+)\./, '$1$2\\.')
    .replace(/:\/\//g, `:${ZERO_WIDTH_SPACE_ENTITY}//`)
    .replace(/\b(www)\./gi, `$1${ZERO_WIDTH_SPACE_ENTITY}.`);
}

/**
 * Inline code for content: a `<code>` element around escaped text, so that backticks,
 * `<tags>`, pipes and @-mentions inside cannot break out or render.
 */
export function codeSpan(text: string, maxLength = 200): string {
  if (PLAIN_CODE.test(text) && text.length <= maxLength) return `\`${text}\``;
  return `<code>${escapeMarkdownText(escapeControlCharacters(text), maxLength)}</code>`;
}

/** A fenced block that content cannot close early. */
export function codeBlock(text: string, info = ''): string {
  const longestRun = maxOf(
    (text.match(/`{3,}/g) ?? []).map((r) => r.length),
    2,
  );
  const fence = '`'.repeat(longestRun + 1);
  return `${fence}${info}\n${text.replace(/\n$/, '')}\n${fence}`;
}

/** C0/C1 controls, bidi and zero-width characters shown as \u{…} escapes. */
export function escapeControlCharacters(text: string): string {
  return text.replace(
    /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]|[\u{e0000}-\u{e007f}]/gu,
    (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`,
  );
}

function clip(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : text;
}

/**
 * A message plangate wrote, where `backticked` parts are code: each part is escaped on its own,
 * so formatting survives and content inside either part still cannot break out.
 */
export function renderMessage(message: string, maxLength = 500): string {
  const clipped =
    Array.from(message).length > maxLength
      ? `${Array.from(message)
          .slice(0, maxLength - 1)
          .join('')}…`
      : message;
  return clipped
    .split(/(`[^`\n]+`)/)
    .map((part) =>
      part.length > 2 && part.startsWith('`') && part.endsWith('`')
        ? codeSpan(part.slice(1, -1), maxLength)
        : escapeMarkdownText(part, maxLength),
    )
    .join('');
}
