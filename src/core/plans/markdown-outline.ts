import { splitLines } from '../text.js';

/** A light line-level view of a plan document: headings, list items, fences, prose. */
export interface MarkdownLine {
  line: number;
  text: string;
  kind: 'heading' | 'list' | 'fence' | 'code' | 'prose' | 'blank' | 'frontmatter';
  headingLevel?: number;
  /** Text of the nearest heading above (lower-cased). */
  section: string;
}

export function outlineMarkdown(text: string): MarkdownLine[] {
  const lines = splitLines(text);
  const out: MarkdownLine[] = [];
  let section = '';
  let fence: string | undefined;
  let inFrontmatter = lines[0]?.trim() === '---';
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    const trimmed = raw.trim();
    const base = { line: i + 1, text: raw, section };
    if (inFrontmatter) {
      out.push({ ...base, kind: 'frontmatter' });
      if (i > 0 && (trimmed === '---' || trimmed === '...')) inFrontmatter = false;
      continue;
    }
    if (fence) {
      out.push({ ...base, kind: trimmed.startsWith(fence) ? 'fence' : 'code' });
      if (trimmed.startsWith(fence)) fence = undefined;
      continue;
    }
    const open = /^(`{3,}|~{3,})/.exec(trimmed);
    if (open) {
      fence = open[1]!;
      out.push({ ...base, kind: 'fence' });
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(trimmed);
    if (heading) {
      section = heading[2]!
        .replace(/#+\s*$/, '')
        .trim()
        .toLowerCase();
      out.push({ ...base, section, kind: 'heading', headingLevel: heading[1]!.length });
      continue;
    }
    if (!trimmed) out.push({ ...base, kind: 'blank' });
    else if (/^(?:[-*+]|\d+[.)])\s+/.test(trimmed)) out.push({ ...base, kind: 'list' });
    else out.push({ ...base, kind: 'prose' });
  }
  return out;
}
