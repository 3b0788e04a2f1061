import { printParseErrorCode, type ParseErrorCode } from 'jsonc-parser';

/** jsonc-parser's error code in words: `CommaExpected` → "Comma expected". */
export function describeParseError(code: ParseErrorCode): string {
  const words = printParseErrorCode(code)
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
