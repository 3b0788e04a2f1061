import { outlineMarkdown, type MarkdownLine } from '../plans/markdown-outline.js';
import { criteriaLines } from '../plans/plan-content-rules.js';
import type { RalphStoryInput } from './ralph-state.js';
import { minOf } from '../push-all.js';

export interface DerivedStories {
  stories: RalphStoryInput[];
  /** Where they came from, for messages. */
  source: 'stories-section' | 'acceptance-criteria' | 'none';
}

const STORIES_HEADING = /^(?:\d+(?:\.\d+)*[.)]?\s+)?(?:user\s+)?stories\s*:?$/;
const CHECKLIST_ITEM = /^\s*(?:[-*+]|\d+[.)])\s+\[[ xX]\]\s+/;
const LIST_ITEM = /^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/;
const ACCEPTANCE_HEADING = /acceptance criteria|acceptance tests?|definition of done/;
/** `US-001: Title`, `S2 — Title`, `Story 3. Title` → an id and a title. */
const ID_PREFIX = /^((?:US|S|STORY|T|TASK)[-_ ]?\d+[a-z]?)\s*(?:[:.\u2014\u2013-]\s*|\s+)(.+)$/i;

/**
 * Stories from a PRD's markdown: each heading under a "User stories" / "Stories"
 * section with its `- [ ]` criteria; without such a section, one story per acceptance
 * criterion. Pure; never throws.
 */
export function deriveStoriesFromMarkdown(text: string): DerivedStories {
  const outline = outlineMarkdown(text);
  const fromSection = storiesFromSection(outline);
  if (fromSection.length) return { stories: fromSection, source: 'stories-section' };
  const criteria = criteriaLines(outline);
  if (!criteria.length) return { stories: [], source: 'none' };
  const stories = criteria.map((line, i) => {
    const item = line.text.replace(LIST_ITEM, '').trim();
    return { id: `AC-${i + 1}`, title: item, description: '', criteria: [item], priority: i + 1, verify: [], passes: false };
  });
  return { stories, source: 'acceptance-criteria' };
}

function storiesFromSection(outline: MarkdownLine[]): RalphStoryInput[] {
  const start = outline.findIndex((l) => l.kind === 'heading' && STORIES_HEADING.test(l.section));
  if (start < 0) return [];
  const level = outline[start]!.headingLevel!;
  let end = outline.length;
  for (let i = start + 1; i < outline.length; i++) {
    const l = outline[i]!;
    if (l.kind === 'heading' && l.headingLevel! <= level) {
      end = i;
      break;
    }
  }
  const section = outline.slice(start + 1, end);
  const storyLevel = minOf(section.filter((l) => l.kind === 'heading').map((l) => l.headingLevel!));
  const stories: RalphStoryInput[] = [];
  const usedIds = new Set<string>();
  let current: { heading: MarkdownLine; body: MarkdownLine[] } | undefined;
  const flush = () => {
    if (current) stories.push(storyFrom(current.heading, current.body, stories.length + 1, usedIds));
  };
  for (const line of section) {
    if (line.kind === 'heading' && line.headingLevel === storyLevel) {
      flush();
      current = { heading: line, body: [] };
    } else if (current) {
      current.body.push(line);
    }
  }
  flush();
  return stories;
}

function storyFrom(heading: MarkdownLine, body: MarkdownLine[], n: number, usedIds: Set<string>): RalphStoryInput {
  const headingText = heading.text
    .trim()
    .replace(/^#+\s*/, '')
    .replace(/\s+#+\s*$/, '')
    .trim();
  const match = ID_PREFIX.exec(headingText);
  let id = match ? match[1]!.replace(/\s+/g, '-') : `story-${n}`;
  if (usedIds.has(id)) id = `${id}-${n}`;
  usedIds.add(id);
  const title = match ? match[2]!.trim() : headingText;
  let criteria = body.filter((l) => l.kind === 'list' && CHECKLIST_ITEM.test(l.text));
  if (!criteria.length) criteria = body.filter((l) => l.kind === 'list' && ACCEPTANCE_HEADING.test(l.section));
  const description = body
    .filter((l) => l.kind === 'prose' || (l.kind === 'list' && !criteria.includes(l)))
    .map((l) => l.text.trim())
    .join('\n');
  return {
    id,
    title,
    description,
    criteria: criteria.map((l) => l.text.replace(LIST_ITEM, '').trim()),
    priority: n,
    verify: [],
    passes: false,
  };
}
