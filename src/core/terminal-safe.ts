/**
 * Repository text made safe for the sinks of a terminal and a GitHub Actions log: every control
 * character (newlines included) is shown escaped, so a title or file name can neither start a new
 * line (`\n::error::…`, `::add-mask::…`, `::stop-commands::…`) nor move the cursor or set a window
 * title (ANSI/OSC sequences), and a line that would still begin a workflow command is defused.
 */

const UNSAFE_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]|[\u{e0000}-\u{e007f}]/gu;
const NAMED_ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** One line of text with every control, bidi, zero-width and tag character shown as an escape. */
export function showControlCharacters(text: string): string {
  return text.replace(UNSAFE_CHARACTER, (c) => NAMED_ESCAPES[c] ?? `\\u{${c.codePointAt(0)!.toString(16)}}`);
}

/** Several lines of text: its own line breaks kept, every other control character shown escaped. */
export function showControlCharactersByLine(text: string): string {
  return text.split('\n').map(showControlCharacters).join('\n');
}

/**
 * A whole line for stdout in a workflow: single-line, and never read by the runner as a
 * workflow command (`::name::` or the legacy `##[name]`), whatever the repository wrote.
 */
export function safeLogLine(text: string): string {
  return showControlCharacters(text).replace(
    /^(\s*)(::|##\[)/,
    (_m, space: string, marker: string) => `${space}\\u{${marker.codePointAt(0)!.toString(16)}}${marker.slice(1)}`,
  );
}

/** Several log lines: the line breaks kept, each line made safe by `safeLogLine`. */
export function safeLogLines(text: string): string {
  return text.split('\n').map(safeLogLine).join('\n');
}

/** Data of a workflow command (`::error file=…::<data>`), escaped the way the runner unescapes it. */
export function escapeWorkflowCommandData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/**
 * A property of a workflow command (`file=`, `title=`): escaped for the runner, and with every
 * other control character shown, so an ESC or a bidi control in a file name reaches no annotation.
 */
export function escapeWorkflowCommandProperty(text: string): string {
  return showControlCharacters(text.replace(/[\r\n]/g, ' '))
    .replace(/%/g, '%25')
    .replace(/:/g, '%3A')
    .replace(/,/g, '%2C');
}

const JSON_UNSAFE = /[\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]|[\u{e0000}-\u{e007f}]/gu;

/**
 * JSON text for a terminal: the characters `JSON.stringify` leaves raw but a terminal or a reader
 * would act on (DEL, C1 controls, bidi, zero-width, line separators, tag characters) written as
 * `\uXXXX` escapes. They can only occur inside strings, so the parsed data is unchanged.
 */
export function escapeJsonForTerminal(json: string): string {
  return json.replace(JSON_UNSAFE, (c) => {
    let escaped = '';
    for (let i = 0; i < c.length; i++) escaped += `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`;
    return escaped;
  });
}
