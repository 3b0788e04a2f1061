import type { Detector } from './scan-rule.js';
import { oncePerTextAndKey } from './once-per-text.js';

/** A call that turns base64 or hex back into text (R `base64enc::base64decode`, Python `b64decode`, JS `atob`, .NET, Java, Go). */
const DECODES =
  /\b(?:base64_?decode|b64decode|b32decode|decodebytes|atob|decodeBase64|FromBase64String|getDecoder\s{0,4}\(\s{0,4}\)\s{0,4}\.decode|DecodeString|unhexlify|fromhex|hex2bin|unpack\s{0,4}\(\s{0,4}["']m)\b|\bBuffer\.from\s{0,4}\([^)\n]{0,200}["']base64["']|\bBase64\.(?:decode|strict_decode64|decode64)\b/i;

/**
 * Whether `name` is given a value in the unit that a decoder made: the decoder on its assignment line
 * (`probe <- rawToChar(base64decode(s))`), or a function defined with one and called there
 * (`dec <- function(z) rawToChar(base64enc::base64decode(z))` … `probe <- paste0(dec(s1), dec(s2))`).
 */
const decodedInto = oncePerTextAndKey((unit, name) => {
  const value = new RegExp(
    String.raw`^[ \t]{0,12}(?:(?:let|const|var|my|local)\s{1,4})?\$?${name}\s{0,4}(?:<-|:?=)(?!=)\s{0,4}([^\n]{1,400})`,
    'm',
  ).exec(unit)?.[1];
  if (!value) return false;
  if (DECODES.test(value)) return true;
  for (const call of value.matchAll(/\b([A-Za-z_]\w{0,30})\s{0,4}\(/g)) {
    const definition = new RegExp(
      String.raw`^[^\n]{0,40}?\b(?:${call[1]}\s{0,4}(?:<-|=)\s{0,4}(?:function|lambda|\(?[\w\s,]{0,40}\)?\s{0,4}=>)|def\s{1,4}${call[1]}\s{0,4}\(|function\s{1,4}${call[1]}\s{0,4}\()[^\n]{0,300}`,
      'm',
    ).exec(unit)?.[0];
    if (definition && DECODES.test(definition)) return true;
  }
  return false;
});

/** Text a decoder made, evaluated through a name (`eval(parse(text = probe))`, `exec(code)`, `eval(src)`). */
export const EVALUATED_DECODE_DETECTORS: readonly Detector[] = [
  {
    id: 'evaluated-decoded-variable',
    keywords: ['eval', 'exec'],
    capabilities: ['decode', 'execute'],
    level: 'HIGH',
    scope: 'unit',
    reads: ['code'],
    re: /\beval\s{0,4}\(\s{0,4}parse\s{0,4}\(\s{0,4}text\s{0,4}=\s{0,4}(\w{1,40})\s{0,4}\)|(?<![.\w$])(?:exec|eval)\s{0,4}\(\s{0,4}\$?(\w{1,40})\s{0,4}[,)]/,
    accept: (m, c) => decodedInto(c.unitText, m[1] ?? m[2]!),
    why: 'Evaluates text a decoder just produced: what runs cannot be read as written.',
  },
];
