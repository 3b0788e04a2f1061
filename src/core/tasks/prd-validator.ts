import { formatPosition, type JsonDocument, type JsonPath } from '../json/read-json.js';
import { isGenericCriterion } from '../plans/generic-criterion.js';
import { describeJsonValue, jsonPathText } from './json-path-text.js';
import type { PrdStory } from './prd-story.js';
import type { TaskDiagnostic } from './task-diagnostic.js';

type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Field checks of a ralph prd.json, each diagnostic with its JSON path and place. */
export class PrdValidator {
  private errors = 0;

  constructor(
    private readonly doc: JsonDocument,
    private readonly diagnostics: TaskDiagnostic[],
  ) {}

  invalid(path: JsonPath, message: string, keySuffix = ''): void {
    this.errors++;
    this.diagnostics.push({
      code: 'prd_invalid',
      severity: 'error',
      message,
      position: this.doc.positionOf(path),
      key: `${jsonPathText(path)}${keySuffix}`,
    });
  }

  /** A field that must be a string; `undefined` when missing or mistyped (reported). */
  string(obj: JsonObject, at: JsonPath, key: string, opts: { required: boolean; nonEmpty?: boolean }): string | undefined {
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
    const priority = this.typed(
      value,
      at,
      'priority',
      'a finite number, 1 = highest',
      (x) => typeof x === 'number' && Number.isFinite(x),
      true,
    ) as number | undefined;
    const passes = this.typed(value, at, 'passes', 'a boolean', (x) => typeof x === 'boolean', true) as boolean | undefined;
    const architectVerified = this.typed(value, at, 'architectVerified', 'a boolean', (x) => typeof x === 'boolean', false) as
      boolean | undefined;
    const reviewerVerified = this.typed(value, at, 'reviewerVerified', 'a boolean', (x) => typeof x === 'boolean', false) as
      boolean | undefined;
    const notes = this.string(value, at, 'notes', { required: false });
    const attempts = this.typed(value, at, 'attempts', 'a whole number ≥ 0', (x) => Number.isInteger(x) && (x as number) >= 0, false) as
      number | undefined;
    this.typed(value, at, 'criterionAmendments', 'an array', Array.isArray, false);
    const verify = this.verify(value, at);
    if (this.errors > errorsBefore) return undefined;
    const story: PrdStory = {
      id: id!,
      title: title!,
      description: description!,
      acceptanceCriteria: acceptanceCriteria!,
      priority: priority!,
      passes: passes!,
      index: at[at.length - 1] as number,
    };
    if (verify) story.verify = verify;
    if (notes !== undefined) story.notes = notes;
    if (architectVerified !== undefined) story.architectVerified = architectVerified;
    if (reviewerVerified !== undefined) story.reviewerVerified = reviewerVerified;
    if (attempts !== undefined) story.attempts = attempts;
    return story;
  }

  private typed(obj: JsonObject, at: JsonPath, key: string, expected: string, ok: (x: unknown) => boolean, required: boolean): unknown {
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

  private criteria(story: JsonObject, at: JsonPath, id: string | undefined): string[] | undefined {
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

  private verify(story: JsonObject, at: JsonPath): string[] | undefined {
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
        this.invalid(
          itemPath,
          `${jsonPathText(itemPath)} must be a command string or { "command": "…" } (got ${describeJsonValue(item)}).`,
        );
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
