import { formatPosition, readJson } from '../json/read-json.js';
import { describeJsonValue } from './json-path-text.js';
import { isObject, PrdValidator } from './prd-validator.js';
import type { PrdStory } from './prd-story.js';
import type { TaskDiagnostic } from './task-diagnostic.js';

export type { PrdStory } from './prd-story.js';

export interface RalphPrd {
  project: string;
  branchName: string;
  description: string;
  stories: PrdStory[];
  /** `stories` is a common misspelling of `userStories`; both are read. */
  storiesKey: 'userStories' | 'stories';
}

export interface ParsedRalphPrd {
  /** No error diagnostics: the ralph runner may start on it. */
  ok: boolean;
  /** Present when the top level could be read (even with story errors). */
  prd?: RalphPrd;
  /** The stories that validated, in file order (also when the top level has errors). */
  stories: PrdStory[];
  diagnostics: TaskDiagnostic[];
}

/**
 * A ralph `prd.json` (oh-my-claudecode / Spiral shape) → stories plus diagnostics
 * (docs/rules/tasks.md), each with its JSON path and line/column. Never throws.
 */
export function parseRalphPrd(text: string, file = 'prd.json'): ParsedRalphPrd {
  const diagnostics: TaskDiagnostic[] = [];
  const done = (prd?: RalphPrd, stories: PrdStory[] = []): ParsedRalphPrd => ({
    ok: !diagnostics.some((d) => d.severity === 'error'),
    prd,
    stories,
    diagnostics,
  });
  const read = readJson(text);
  if (!read.ok) {
    const { error } = read;
    diagnostics.push({
      code: 'prd_invalid',
      severity: 'error',
      message: `${file} must be valid JSON: ${error.message} (${formatPosition(error)}).`,
      position: { line: error.line, column: error.column },
      key: 'json',
    });
    return done();
  }
  const { doc } = read;
  const v = new PrdValidator(doc, diagnostics);
  const root = doc.value;
  if (!isObject(root)) {
    v.invalid([], `${file} must be a JSON object (got ${describeJsonValue(root)}).`);
    return done();
  }
  const { project, branchName, description } = v.top(root);
  let storiesKey: RalphPrd['storiesKey'] = 'userStories';
  if (root.userStories === undefined && root.stories !== undefined) {
    storiesKey = 'stories';
    diagnostics.push({
      code: 'prd_stories_key',
      severity: 'warning',
      message: '`stories` is used instead of `userStories`; it was read, but ralph reads `userStories`: rename the key.',
      position: doc.keyPositionOf(['stories']),
      key: 'stories-key',
    });
  }
  const list = root[storiesKey];
  const stories: PrdStory[] = [];
  if (list === undefined) v.invalid([], `userStories is required (an array of stories).`, 'userStories');
  else if (!Array.isArray(list)) v.invalid([storiesKey], `${storiesKey} must be an array of stories (got ${describeJsonValue(list)}).`);
  else if (list.length === 0) {
    diagnostics.push({
      code: 'prd_no_stories',
      severity: 'error',
      message: `${storiesKey} is empty: a ralph PRD needs at least one user story.`,
      position: doc.positionOf([storiesKey]),
      key: 'no-stories',
    });
  } else {
    for (let i = 0; i < list.length; i++) {
      const story = v.story(list[i], [storiesKey, i]);
      if (story) stories.push(story);
    }
    v.duplicateIds(list, storiesKey);
  }
  if (project === undefined || branchName === undefined || description === undefined) return done(undefined, stories);
  return done({ project, branchName, description, stories, storiesKey }, stories);
}
