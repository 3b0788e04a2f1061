import { formatPosition, readJson, type JsonDocument, type JsonPath } from '../json/read-json.js';
import { isGenericCriterion } from '../plans/generic-criterion.js';
import { describeJsonValue, jsonPathText } from './json-path-text.js';
import type { TaskDiagnostic } from './task-diagnostic.js';

/** One user story of a ralph `prd.json`, as the ralph runner uses it. */
export interface PrdStory {
  id: string;
  title: string;
  description: string;
  acceptanceCriteria: string[];
  /** 1 = highest. */
  priority: number;
  passes: boolean;
  /** Commands that must pass for this story (plangate and Spiral). */
  verify?: string[];
  notes?: string;
  architectVerified?: boolean;
  reviewerVerified?: boolean;
  attempts?: number;
  /** Position in the stories array. */
  index: number;
}

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
  /** The stories that validated, in file order. */
  stories: PrdStory[];
  diagnostics: TaskDiagnostic[];
}

type Record_ = Record<string, unknown>;

/**
 * A ralph `prd.json` (oh-my-claudecode / Spiral shape) → stories plus diagnostics
 * (checks.md §2.3), each with its JSON path and line/column. Never throws.
 */
export function parseRalphPrd(text: string, file = 'prd.json'): ParsedRalphPrd {
  const diagnostics: TaskDiagnostic[] = [];
  const done = (prd?: RalphPrd): ParsedRalphPrd => ({
    ok: !diagnostics.some((d) => d.severity === 'error'),
    prd,
    stories: prd?.stories ?? [],
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
  const project = v.string(root, [], 'project', { required: true });
  const branchName = v.string(root, [], 'branchName', { required: true });
  const description = v.string(root, [], 'description', { required: true });
  let storiesKey: RalphPrd['storiesKey'] = 'userStories';
  if (root.userStories === undefined && root.stories !== undefined) {
    storiesKey = 'stories';
    diagnostics.push({
      code: 'prd_stories_key',
      severity: 'warning',
      message: '`stories` is used instead of `userStories`; ralph reads `userStories`, so rename the key.',
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
  if (project === undefined || branchName === undefined || description === undefined) return done();
  return done({ project, branchName, description, stories, storiesKey });
}

function isObject(value: unknown): value is Record_ {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

class PrdValidator {
  private errors = 0;

  constructor(
    private readonly doc: JsonDocument,
    private readonly diagnostics: TaskDiagnostic[],
  ) {}

  invalid(path: JsonPath, message: string, keySuffix = ''): void {
    this.errors++;
    this.diagnostics.push({ code: 'prd_invalid', severity: 'error', message, position: this.doc.positionOf(path), key: `${jsonPathText(path)}${keySuffix}` });
  }

  /** A field that must be a string; `undefined` when missing or mistyped (reported). */
  string(obj: Record_, at: JsonPath, key: string, opts: { required: boolean; nonEmpty?: boolean }): string | undefined {
    const value = obj[key];
    const path = [...at, key];
    if (value === undefined) {
      if (opts.required) this.missing(at, key, opts.nonEmpty ? 'a non-empty string' : 'a string');
      return undefined;
    }
    if (typeof value !== 'string' || (opts.nonEmpty && !value.trim())) {
      this.invalid(path, `${jsonPathText(path)} must be a ${opts.nonEmpty ? 'non-empty ' : ''}string (got ${describeJsonValue(value)}).`);
      return undefined;
    }
    return value;
  }

  missing(at: JsonPath, key: string, expected: string): void {
    const path = [...at, key];
    this.invalid(at, `${jsonPathText(path)} is required (${expected}).`, `:${key}`);
  }

  story(value: unknown, at: JsonPath): PrdStory | undefined {
    if (!isObject(value)) {
      this.invalid(at, `${jsonPathText(at)} must be an object (got ${describeJsonValue(value)}).`);
      return undefined;
    }
    const errorsBefore = this.errors;
    const id = this.string(value, at, 'id', { required: true, nonEmpty: true });
    const title = this.string(value, at, 'title', { required: true, nonEmpty: true });
    const description = this.string(value, at, 'description', { required: true });
    const acceptanceCriteria = this.criteria(value, at, id);
    const priority = this.typed(value, at, 'priority', 'a finite number, 1 = highest', (x) => typeof x === 'number' && Number.isFinite(x), true) as number | undefined;
    const passes = this.typed(value, at, 'passes', 'a boolean', (x) => typeof x === 'boolean', true) as boolean | undefined;
    const architectVerified = this.typed(value, at, 'architectVerified', 'a boolean', (x) => typeof x === 'boolean', false) as boolean | undefined;
    const reviewerVerified = this.typed(value, at, 'reviewerVerified', 'a boolean', (x) => typeof x === 'boolean', false) as boolean | undefined;
    const notes = this.string(value, at, 'notes', { required: false });
    const attempts = this.typed(value, at, 'attempts', 'a whole number ≥ 0', (x) => Number.isInteger(x) && (x as number) >= 0, false) as number | undefined;
    this.typed(value, at, 'criterionAmendments', 'an array', Array.isArray, false);
    const verify = this.verify(value, at);
    if (this.errors > errorsBefore) return undefined;
    const story: PrdStory = { id: id!, title: title!, description: description!, acceptanceCriteria: acceptanceCriteria!, priority: priority!, passes: passes!, index: at[at.length - 1] as number };
    if (verify) story.verify = verify;
    if (notes !== undefined) story.notes = notes;
    if (architectVerified !== undefined) story.architectVerified = architectVerified;
    if (reviewerVerified !== undefined) story.reviewerVerified = reviewerVerified;
    if (attempts !== undefined) story.attempts = attempts;
    return story;
  }

  private typed(obj: Record_, at: JsonPath, key: string, expected: string, ok: (x: unknown) => boolean, required: boolean): unknown {
    const value = obj[key];
    if (value === undefined) {
      if (required) this.missing(at, key, expected);
      return undefined;
    }
    if (!ok(value)) {
      const path = [...at, key];
      this.invalid(path, `${jsonPathText(path)} must be ${expected} (got ${describeJsonValue(value)}).`);
      return undefined;
    }
    return value;
  }

  private criteria(story: Record_, at: JsonPath, id: string | undefined): string[] | undefined {
    const value = story.acceptanceCriteria;
    const path = [...at, 'acceptanceCriteria'];
    if (value === undefined || (Array.isArray(value) && value.length === 0)) {
      this.errors++;
      this.diagnostics.push({
        code: 'prd_story_without_criteria',
        severity: 'error',
        message: `${jsonPathText(at)}${id ? ` (${id})` : ''} has no acceptance criteria: add at least one checkable criterion to ${jsonPathText(path)}.`,
        position: this.doc.positionOf(value === undefined ? at : path),
        key: `no-criteria:${id ?? jsonPathText(at)}`,
      });
      return undefined;
    }
    if (!Array.isArray(value)) {
      this.invalid(path, `${jsonPathText(path)} must be an array of strings (got ${describeJsonValue(value)}).`);
      return undefined;
    }
    const out: string[] = [];
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const itemPath = [...path, i];
      if (typeof item !== 'string' || !item.trim()) {
        this.invalid(itemPath, `${jsonPathText(itemPath)} must be a non-empty string (got ${describeJsonValue(item)}).`);
        continue;
      }
      out.push(item);
      if (isGenericCriterion(item)) {
        this.diagnostics.push({
          code: 'prd_generic_criterion',
          severity: 'warning',
          message: `${jsonPathText(itemPath)} ${JSON.stringify(item)} is a generic criterion ("PRD theater"): say what is checked and how.`,
          position: this.doc.positionOf(itemPath),
          key: `generic:${id ?? jsonPathText(at)}:${item}`,
        });
      }
    }
    return out;
  }

  private verify(story: Record_, at: JsonPath): string[] | undefined {
    const value = story.verify;
    if (value === undefined) return undefined;
    const path = [...at, 'verify'];
    if (!Array.isArray(value)) {
      this.invalid(path, `${jsonPathText(path)} must be an array of commands (got ${describeJsonValue(value)}).`);
      return undefined;
    }
    const commands: string[] = [];
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const command = typeof item === 'string' ? item : isObject(item) && typeof item.command === 'string' ? item.command : undefined;
      if (command === undefined || !command.trim()) {
        const itemPath = [...path, i];
        this.invalid(itemPath, `${jsonPathText(itemPath)} must be a command string or { "command": "…" } (got ${describeJsonValue(item)}).`);
        continue;
      }
      commands.push(command);
    }
    return commands;
  }

  duplicateIds(list: readonly unknown[], key: string): void {
    const byId = new Map<string, number[]>();
    list.forEach((story, i) => {
      if (!isObject(story) || typeof story.id !== 'string' || !story.id.trim()) return;
      const at = byId.get(story.id);
      if (at) at.push(i);
      else byId.set(story.id, [i]);
    });
    for (const [id, indexes] of byId) {
      if (indexes.length < 2) continue;
      const places = indexes.map((i) => `${key}[${i}] (${formatPosition(this.doc.positionOf([key, i]))})`);
      this.diagnostics.push({
        code: 'prd_duplicate_story_id',
        severity: 'error',
        message: `Story id ${id} must be unique. Found duplicates at ${places.join(', ')}.`,
        position: this.doc.positionOf([key, indexes[0]!]),
        key: `duplicate:${id}`,
      });
    }
  }
}
