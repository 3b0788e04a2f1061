import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkClaims } from '../../src/core/tasks/check-claims.js';
import { inspectTaskFile } from '../../src/core/tasks/inspect-task-file.js';
import { parseClaimsFile } from '../../src/core/tasks/parse-claims-file.js';
import { parseRalphPrd } from '../../src/core/tasks/parse-ralph-prd.js';
import type { TaskDiagnostic } from '../../src/core/tasks/task-diagnostic.js';

const RUNS = { numRuns: 1000 };

/** Every diagnostic is well formed: a code, a severity, a message, and a real place when it has one. */
function wellFormed(diagnostics: readonly TaskDiagnostic[]): boolean {
  return diagnostics.every(
    (d) =>
      typeof d.code === 'string' &&
      ['error', 'warning', 'notice'].includes(d.severity) &&
      typeof d.message === 'string' &&
      d.message.length > 0 &&
      (d.position === undefined || (d.position.line >= 1 && d.position.column >= 1)),
  );
}

const ids = fc.constantFrom('T1', 'T2', 'T3', 'T1.1', 'T1.1.1', 'T2-a', 'x/y', 'x', '', ' T1 ');
const jsonish = fc.oneof(fc.jsonValue({ maxDepth: 2 }), ids, fc.constant(undefined));
const rawTask = fc.record(
  {
    id: fc.oneof(ids, jsonish),
    title: fc.oneof(fc.string({ maxLength: 8 }), jsonish),
    status: fc.oneof(fc.constantFrom('todo', 'in_progress', 'blocked', 'done'), jsonish),
    parentId: fc.oneof(ids, jsonish),
    dependsOn: fc.oneof(fc.array(fc.oneof(ids, jsonish), { maxLength: 4 }), jsonish),
    depends_on: fc.array(ids, { maxLength: 2 }),
    priority: fc.oneof(fc.constantFrom('low', 'normal', 'high'), jsonish),
    __proto__: jsonish,
    extra: jsonish,
  },
  { requiredKeys: [] },
);
const taskFile = fc.record(
  {
    version: fc.oneof(fc.constant(2), jsonish),
    tasks: fc.oneof(fc.array(fc.oneof(rawTask, jsonish), { maxLength: 12 }), jsonish),
    mutationCount: jsonish,
  },
  { requiredKeys: [] },
);

/** The first 30 tasks of a real file, written the way Ralphdex writes it. */
const realTasks = (() => {
  const file = JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/corpus/real/ralphdex/tasks-3124f304.json'), 'utf8')) as {
    tasks: unknown[];
  };
  return `${JSON.stringify({ ...file, tasks: file.tasks.slice(0, 30) }, null, 2)}\n`;
})();

describe('parsers never throw on repository content', () => {
  it('tasks.json: any string', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => wellFormed(inspectTaskFile(text).diagnostics)),
      RUNS,
    );
  });

  it('tasks.json: any JSON value, and task-shaped files with random drift, duplicates and cycles', () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue({ maxDepth: 4 }), taskFile), (value) => {
        const result = inspectTaskFile(JSON.stringify(value) ?? '');
        expect(wellFormed(result.diagnostics)).toBe(true);
        // Graph checks run exactly when the file was readable and every entry valid.
        expect(result.index !== undefined).toBe(result.readable && result.entriesValid);
      }),
      RUNS,
    );
  });

  it('tasks.json: a real file corrupted at random places', () => {
    fc.assert(
      fc.property(fc.nat(realTasks.length - 1), fc.nat(40), fc.string({ maxLength: 3 }), (at, cut, insert) => {
        const text = realTasks.slice(0, at) + insert + realTasks.slice(at + cut);
        return wellFormed(inspectTaskFile(text).diagnostics);
      }),
      RUNS,
    );
  });

  const rawClaim = fc.record(
    {
      agentId: fc.oneof(fc.string({ maxLength: 4 }), jsonish),
      taskId: fc.oneof(ids, jsonish),
      claimedAt: fc.oneof(
        fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
        fc.string({ maxLength: 12 }),
        jsonish,
      ),
      provenanceId: fc.oneof(fc.string({ maxLength: 4 }), jsonish),
      status: fc.oneof(fc.constantFrom('active', 'released', 'stale'), jsonish),
    },
    { requiredKeys: [] },
  );

  it('claims.json: any string, any JSON value, and claim-shaped files', () => {
    const statuses = new Map([
      ['T1', 'done' as const],
      ['T2', 'todo' as const],
    ]);
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 200 }),
          fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
          fc
            .record(
              { version: jsonish, claims: fc.oneof(fc.array(fc.oneof(rawClaim, jsonish), { maxLength: 10 }), jsonish) },
              { requiredKeys: [] },
            )
            .map((v) => JSON.stringify(v)),
        ),
        fc.option(fc.date({ noInvalidDate: true }), { nil: undefined }),
        fc.constantFrom(0, 1, 24),
        (text, now, ttlHours) => {
          const parsed = parseClaimsFile(text);
          const checked = checkClaims(parsed, { taskStatus: statuses, taskIds: new Set(statuses.keys()), ttlHours, now });
          return wellFormed(parsed.diagnostics) && wellFormed(checked);
        },
      ),
      RUNS,
    );
  });

  const rawStory = fc.record(
    {
      id: fc.oneof(fc.constantFrom('US-1', 'US-2'), jsonish),
      title: fc.oneof(fc.string({ maxLength: 6 }), jsonish),
      description: fc.oneof(fc.string({ maxLength: 6 }), jsonish),
      acceptanceCriteria: fc.oneof(
        fc.array(fc.oneof(fc.constantFrom('Tests pass', 'It works.', 'The CLI exits 2 on a bad flag'), jsonish), { maxLength: 4 }),
        jsonish,
      ),
      priority: fc.oneof(fc.double(), jsonish),
      passes: fc.oneof(fc.boolean(), jsonish),
      verify: fc.oneof(fc.array(fc.oneof(fc.string({ maxLength: 6 }), fc.record({ command: jsonish })), { maxLength: 3 }), jsonish),
      attempts: jsonish,
    },
    { requiredKeys: [] },
  );

  it('prd.json: any string, any JSON value, and story-shaped files', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 200 }),
          fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v) ?? ''),
          fc
            .record(
              {
                project: jsonish,
                branchName: jsonish,
                description: jsonish,
                userStories: fc.oneof(fc.array(fc.oneof(rawStory, jsonish), { maxLength: 6 }), jsonish),
                stories: jsonish,
              },
              { requiredKeys: [] },
            )
            .map((v) => JSON.stringify(v)),
        ),
        (text) => {
          const result = parseRalphPrd(text, 'prd.json');
          expect(wellFormed(result.diagnostics)).toBe(true);
          // `ok` means no error, and every returned story is fully typed.
          expect(result.ok).toBe(!result.diagnostics.some((d) => d.severity === 'error'));
          for (const story of result.stories) {
            expect(typeof story.id === 'string' && Number.isFinite(story.priority) && typeof story.passes === 'boolean').toBe(true);
            expect(story.acceptanceCriteria.length).toBeGreaterThan(0);
          }
        },
      ),
      RUNS,
    );
  });
});
