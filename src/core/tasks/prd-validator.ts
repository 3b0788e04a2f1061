import type * as z from 'zod/mini';
import { issuePath } from '../json/issue-path.js';
import { formatPosition, type JsonDocument, type JsonPath } from '../json/read-json.js';
import { isGenericCriterion } from '../plans/generic-criterion.js';
import { describeJsonValue, jsonPathText } from './json-path-text.js';
import { commandOf, PRD_STORY_FIELDS, prdStorySchema, prdTopSchema } from './prd-schemas.js';
import type { PrdStory } from './prd-story.js';
import type { TaskDiagnostic } from './task-diagnostic.js';

type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks of a ralph prd.json by its zod schemas, each problem a diagnostic with its JSON path and place. */
export class PrdValidator {
  constructor(
    private readonly doc: JsonDocument,
    private readonly diagnostics: TaskDiagnostic[],
  ) {}

  invalid(path: JsonPath, message: string, keySuffix = ''): void {
    this.diagnostics.push({
      code: 'prd_invalid',
      severity: 'error',
      message,
      position: this.doc.positionOf(path),
      key: `${jsonPathText(path)}${keySuffix}`,
    });
  }

  /** `project`, `branchName` and `description`: the valid ones (each problem reported). */
  top(root: JsonObject): { project?: string; branchName?: string; description?: string } {
    const result = prdTopSchema.safeParse(root, { reportInput: true });
    if (result.success) return result.data;
    for (const issue of result.error.issues) this.report([], issue);
    const failed = new Set(result.error.issues.map((issue) => issue.path[0]));
    const valid = (key: 'project' | 'branchName' | 'description') => (failed.has(key) ? undefined : (root[key] as string));
    return { project: valid('project'), branchName: valid('branchName'), description: valid('description') };
  }

  story(value: unknown, at: JsonPath): PrdStory | undefined {
    const result = prdStorySchema.safeParse(value, { reportInput: true });
    const issues = result.success ? [] : result.error.issues;
    if (!isObject(value)) {
      for (const issue of issues) this.report(at, issue);
      return undefined;
    }
    const id = typeof value.id === 'string' && value.id.trim() ? value.id : undefined;
    // Field by field in schema order, with the criteria's generic-wording warnings beside their items.
    for (const field of PRD_STORY_FIELDS) {
      const own = issues.filter((issue) => issue.path[0] === field);
      if (field !== 'acceptanceCriteria') own.forEach((issue) => this.report(at, issue));
      else this.criteria(value.acceptanceCriteria, at, id, own);
    }
    if (!result.success) return undefined;
    const { data } = result;
    const story: PrdStory = {
      id: data.id,
      title: data.title,
      description: data.description,
      acceptanceCriteria: data.acceptanceCriteria,
      priority: data.priority,
      passes: data.passes,
      index: at[at.length - 1] as number,
    };
    if (data.verify) story.verify = data.verify.map(commandOf);
    if (data.notes !== undefined) story.notes = data.notes;
    if (data.architectVerified !== undefined) story.architectVerified = data.architectVerified;
    if (data.reviewerVerified !== undefined) story.reviewerVerified = data.reviewerVerified;
    if (data.attempts !== undefined) story.attempts = data.attempts;
    return story;
  }

  /** One zod issue as `prd_invalid`: "<path> is required (<phrase>)." at its object, or "<path> must be <phrase> (got …)." at the value. */
  private report(at: JsonPath, issue: z.core.$ZodIssue): void {
    const path = [...at, ...issuePath(issue)];
    const input = (issue as { input?: unknown }).input;
    if (input === undefined && path.length > at.length) {
      const parent = path.slice(0, -1);
      this.invalid(parent, `${jsonPathText(path)} is required (${issue.message}).`, `:${String(path[path.length - 1])}`);
      return;
    }
    this.invalid(path, `${jsonPathText(path)} must be ${issue.message} (got ${describeJsonValue(input)}).`);
  }

  private criteria(value: unknown, at: JsonPath, id: string | undefined, issues: readonly z.core.$ZodIssue[]): void {
    const path = [...at, 'acceptanceCriteria'];
    if (value === undefined || (Array.isArray(value) && value.length === 0)) {
      this.diagnostics.push({
        code: 'prd_story_without_criteria',
        severity: 'error',
        message: `${jsonPathText(at)}${id ? ` (${id})` : ''} has no acceptance criteria: add at least one checkable criterion to ${jsonPathText(path)}.`,
        position: this.doc.positionOf(value === undefined ? at : path),
        key: `no-criteria:${id ?? jsonPathText(at)}`,
      });
      return;
    }
    if (!Array.isArray(value)) {
      issues.forEach((issue) => this.report(at, issue));
      return;
    }
    const byItem = new Map(issues.map((issue) => [issue.path[1], issue]));
    value.forEach((item: unknown, i) => {
      const issue = byItem.get(i);
      if (issue) this.report(at, issue);
      else if (isGenericCriterion(item as string)) {
        const itemPath = [...path, i];
        this.diagnostics.push({
          code: 'prd_generic_criterion',
          severity: 'warning',
          message: `${jsonPathText(itemPath)} ${JSON.stringify(item)} is a generic criterion ("PRD theater"): say what is checked and how.`,
          position: this.doc.positionOf(itemPath),
          key: `generic:${id ?? jsonPathText(at)}:${item as string}`,
        });
      }
    });
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
