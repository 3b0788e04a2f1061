/** Text with fenced blocks and inline code removed: keywords inside code are not instructions. */
export function stripCode(text: string): string {
  return text.replace(/(^|\n)\s*(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:\n\s*\2[^\n]*(?=\n|$)|$)/g, '$1').replace(/(`+)(?:(?!\1)[\s\S])*?\1/g, ' ');
}
