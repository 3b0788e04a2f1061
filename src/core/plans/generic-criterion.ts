/**
 * "PRD theater": criteria that say nothing checkable. A criterion is generic when it
 * starts with one of these phrases and adds at most a few words of its own
 * ("Tests pass." is theater; "Tests pass for an empty input and return []" is not).
 */
const GENERIC_STARTS = [
  /^implementation (?:is )?complete\b/,
  /^code compiles\b/,
  /^(?:all )?tests (?:are )?pass(?:ing)?\b/,
  /^changes (?:are )?committed\b/,
  /^it works\b/,
  /^(?:the )?feature (?:is )?(?:done|complete|completed|implemented)\b/,
];
const MAX_EXTRA_WORDS = 3;

export function isGenericCriterion(text: string): boolean {
  const normalised = text
    .toLowerCase()
    .replace(/^\s*(?:[-*+]|\d+[.)])?\s*(?:\[[ xX]\])?\s*/, '')
    .replace(/[`*_]/g, '')
    .trim();
  for (const start of GENERIC_STARTS) {
    const match = start.exec(normalised);
    if (!match) continue;
    const rest = normalised
      .slice(match[0].length)
      .replace(/[^\p{L}\p{N}\s]/gu, ' ')
      .trim();
    const extraWords = rest ? rest.split(/\s+/).length : 0;
    if (extraWords <= MAX_EXTRA_WORDS) return true;
  }
  return false;
}
