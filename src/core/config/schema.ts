import * as z from 'zod/mini';
import '../zod-messages.js';
import { defaultSkillRoots } from '../discovery/agent-surfaces.js';
import { DEFAULT_DISCOVERY_IGNORE } from '../discovery/ignored-dirs.js';
import { MAX_ITERATIONS_LIMIT, MAX_STORY_ATTEMPTS_LIMIT } from '../ralph/ralph-limits.js';

/**
 * The one source of plangate's config types and of schema/plangate.schema.json.
 * Every object is strict: an unknown key is an error, never silently ignored.
 */
export const PRESET_NAMES = ['omx', 'omc', 'spiral', 'ralphdex', 'omp'] as const;
export const presetNameSchema = z.enum(PRESET_NAMES);
export type PresetName = z.infer<typeof presetNameSchema>;

export const checkNameSchema = z.enum(['plans', 'tasks', 'catalog', 'scan']);
export const scanLevelSchema = z.enum(['HIGH', 'MEDIUM', 'LOW']);
export const failOnSchema = z.enum(['high', 'medium', 'low', 'never']);
export const permissionSchema = z.enum(['triage', 'write', 'maintain', 'admin']);

const globList = z
  .array(z.string().check(z.minLength(1)))
  .register(z.globalRegistry, { description: 'ordered minimatch globs, the last match decides (like .gitignore); a leading ! excludes' });

export const plansSchema = z
  .strictObject({
    layout: z
      ._default(z.enum(['omx', 'omc', 'spiral', 'ralphdex', 'custom']), 'omx')
      .register(z.globalRegistry, { description: "Which planning tool's layout to check. Set by the preset when not given." }),
    dir: z
      ._default(z.string().check(z.minLength(1)), '.omx/plans')
      .register(z.globalRegistry, { description: 'Plans directory (top level only).' }),
    prdPatterns: z._default(globList, ['prd-*.md']).register(z.globalRegistry, { description: 'custom layout: PRD basenames' }),
    testSpecPatterns: z
      ._default(globList, ['test-spec-*.md', 'testspec-*.md'])
      .register(z.globalRegistry, { description: 'custom layout: test-spec basenames' }),
    require: z._default(z.enum(['always', 'when-changed', 'never']), 'when-changed').register(z.globalRegistry, {
      description:
        'when-changed (default): only when a changed file matches whenChanged, so a docs-only change needs no plan; always: every change',
    }),
    whenChanged: z
      ._default(globList, ['**', '!**/*.md', '!.github/**'])
      .register(z.globalRegistry, { description: 'Changed files that make the gate apply (ordered globs, ! excludes)' }),
    matching: z
      ._default(z.enum(['slug', 'any']), 'slug')
      .register(z.globalRegistry, { description: 'slug: a PRD needs its own test spec; any: any test spec' }),
    mustChangeInPr: z
      ._default(z.boolean(), false)
      .register(z.globalRegistry, { description: 'The pull request itself must add or edit a plan file' }),
    requireAdr: z
      ._default(z.boolean(), false)
      .register(z.globalRegistry, { description: 'A missing ADR section is an error instead of a notice' }),
    requireApproval: z
      ._default(z.boolean(), false)
      .register(z.globalRegistry, { description: 'Execution labels also need a fresh /plangate approve (App)' }),
    exemptLabels: z
      ._default(z.array(z.string().check(z.minLength(1))), ['plangate:skip'])
      .register(z.globalRegistry, { description: 'PR labels that waive the gate (reported with who applied them)' }),
  })
  .register(z.globalRegistry, { description: 'The ralplan-first gate (docs/rules/plans.md).' });

export const tasksSchema = z
  .strictObject({
    files: z
      ._default(z.array(z.string().check(z.minLength(1))), ['.ralph/tasks.json'])
      .register(z.globalRegistry, { description: 'Ralphdex task graphs (version 2).' }),
    claims: z
      ._default(z.string().check(z.minLength(1)), '.ralph/claims.json')
      .register(z.globalRegistry, { description: 'Ralphdex claims ledger (version 1)' }),
    claimTtlHours: z._default(z.number().check(z.minimum(0)), 24).register(z.globalRegistry, { description: '0 = claims never go stale' }),
    prdFiles: z
      ._default(globList, ['.omc/prd.json', 'prd.json'])
      .register(z.globalRegistry, { description: 'ralph prd.json files (oh-my-claudecode / Spiral)' }),
  })
  .register(z.globalRegistry, { description: 'Task graphs, claims and ralph prd.json (docs/rules/tasks.md).' });

/** Where each agent loads project skills from (discovery/agent-surfaces.ts). */
export const DEFAULT_SKILL_ROOTS = defaultSkillRoots();

export const DEFAULT_SCAN_PATHS = [
  '.github/skills/**',
  '.claude/skills/**',
  '.agents/skills/**',
  '.github/agents/**',
  '.codex/skills/**',
  '.cursor/skills/**',
  '.gemini/skills/**',
  '.opencode/skills/**',
];

/** The check a rule id belongs to, by its form (`S001`, `scan/…`, `skills/…`, `catalog/…`, `tasks/…`, `plans/…`). */
function checkOfRuleId(rule: string): string | undefined {
  if (/^S\d{3}$/.test(rule) || rule.startsWith('scan/')) return 'scan';
  if (rule.startsWith('catalog/') || rule.startsWith('skills/')) return 'catalog';
  if (rule.startsWith('tasks/')) return 'tasks';
  if (rule.startsWith('plans/')) return 'plans';
  return undefined;
}

/**
 * An ignore entry of one check: the rule must be one of that check's (or `*`). A rule of another
 * check is a config error naming the key that takes it, never an entry that silently does nothing.
 */
function ignoreSchema(check: 'scan' | 'catalog', pattern: RegExp, forms: string) {
  const rule = z
    .string()
    .check(
      z.regex(pattern, {
        error: (issue) => {
          const input = typeof issue.input === 'string' ? issue.input : '';
          const owner = checkOfRuleId(input);
          if (owner === 'catalog' || owner === 'scan')
            return `${input} is a rule of the ${owner} check: ignore it under \`${owner}.ignore\` (${check}.ignore takes ${forms})`;
          if (owner) return `${input} is a rule of the ${owner} check, which has no ignore list (${check}.ignore takes ${forms})`;
          return `not a rule id of the ${check} check (${check}.ignore takes ${forms})`;
        },
      }),
    )
    .register(z.globalRegistry, { description: `Rule id: ${forms}` });
  return z.strictObject({
    rule,
    paths: z._default(globList, ['**']),
    reason: z.string().register(z.globalRegistry, { description: 'Why this is acceptable; an ignore without a reason does not apply' }),
  });
}

export const scanIgnoreSchema = ignoreSchema('scan', /^(S\d{3}|scan\/[a-z0-9_]+|\*)$/, 'S003, scan/<code>, or * for every rule');
export const catalogIgnoreSchema = ignoreSchema(
  'catalog',
  /^((skills|catalog)\/[A-Za-z0-9_-]+|\*)$/,
  'skills/<code>, catalog/<code>, or * for every rule',
);

export const catalogSchema = z
  .strictObject({
    skillRoots: z._default(z.array(z.string().check(z.minLength(1))), ['.github/skills']).register(z.globalRegistry, {
      description:
        'Folders holding skills: every folder with a SKILL.md anywhere below a root is a skill; `*` matches one folder name (plugins/*/skills)',
    }),
    catalogDir: z
      ._default(z.string().check(z.minLength(1)), 'catalog')
      .register(z.globalRegistry, { description: 'Where skills-general.json and capabilities.json live' }),
    portability: z
      ._default(z.boolean(), false)
      .register(z.globalRegistry, { description: 'Warn on provider-specific wording (omp preset).' }),
    uncataloged: z
      ._default(z.enum(['error', 'warning', 'off']), 'error')
      .register(z.globalRegistry, { description: 'Severity of catalog/skill_uncataloged: a skill folder no catalog entry names' }),
    ignore: z._default(z.array(catalogIgnoreSchema), []).register(z.globalRegistry, {
      description: 'Catalog and skill-lint findings to accept, by rule and path, read from the base branch; reason required',
    }),
  })
  .register(z.globalRegistry, { description: 'Skill catalog parity and skill frontmatter lint (docs/rules/catalog.md).' });

export const scanSubmoduleSchema = z.strictObject({
  path: z.string().check(z.minLength(1)).register(z.globalRegistry, { description: 'Where the submodule sits, from the repository root' }),
  commit: z
    .string()
    .check(z.regex(/^(?:[0-9a-fA-F]{40}|[0-9a-fA-F]{64})$/))
    .register(z.globalRegistry, { description: 'The full commit SHA the tree must pin it at' }),
  reason: z.string().register(z.globalRegistry, { description: 'Why its content is trusted; an entry without a reason allows nothing' }),
});

export const scanSchema = z
  .strictObject({
    paths: z._default(globList, DEFAULT_SCAN_PATHS),
    failOn: z._default(failOnSchema, 'high').register(z.globalRegistry, { description: 'Lowest finding level that fails the check' }),
    maxFileBytes: z._default(z.int().check(z.positive()), 1_048_576).register(z.globalRegistry, {
      description: 'A larger file is scan/file_too_large (an error); its first and last maxFileBytes/2 bytes are still scanned',
    }),
    allowEmpty: z._default(z.boolean(), false).register(z.globalRegistry, { description: 'Zero files to scan is not an error' }),
    ignore: z
      ._default(z.array(scanIgnoreSchema), [])
      .register(z.globalRegistry, { description: 'Suppressions by rule and path, read from the base branch; reason required' }),
    submodules: z._default(z.array(scanSubmoduleSchema), []).register(z.globalRegistry, {
      description:
        'Git submodules allowed inside what the scan reads, each at a pinned commit, read from the base branch; any other is scan/content_not_in_repository',
    }),
    baseline: z._default(z.string().check(z.minLength(1)), '.plangate/scan-baseline.json').register(z.globalRegistry, {
      description: 'Baseline of accepted catalog, tasks and scan findings (fingerprints with reasons), read from the base branch',
    }),
    rules: z
      ._default(
        z.record(z.string().check(z.regex(/^S\d{3}$/)), z.strictObject({ level: z.union([scanLevelSchema, z.literal('off')]) })),
        {},
      )
      .register(z.globalRegistry, { description: 'Per-rule level overrides, e.g. { S003: { level: MEDIUM } }' }),
  })
  .register(z.globalRegistry, { description: 'The skill safety scanner (docs/rules/scan.md).' });

export const ralphSchema = z
  .strictObject({
    labels: z.prefault(
      z.strictObject({
        run: z
          ._default(z.array(z.string().check(z.minLength(1))), ['ralph', 'autopilot', 'ultrawork'])
          .register(z.globalRegistry, { description: 'Issue labels that start a ralph run (mode ralph)' }),
        team: z
          ._default(z.array(z.string().check(z.minLength(1))), ['team'])
          .register(z.globalRegistry, { description: 'Issue labels that start a run in mode team' }),
        plan: z
          ._default(z.string().check(z.minLength(1)), 'ralplan')
          .register(z.globalRegistry, { description: 'Label the gate puts instead of a blocked execution label' }),
        cancel: z
          ._default(z.string().check(z.minLength(1)), 'cancel')
          .register(z.globalRegistry, { description: 'Label that cancels the run in flight' }),
        done: z
          ._default(z.string().check(z.minLength(1)), 'ralph:done')
          .register(z.globalRegistry, { description: 'Label set when a run completes' }),
        blocked: z
          ._default(z.string().check(z.minLength(1)), 'ralph:blocked')
          .register(z.globalRegistry, { description: 'Label set when a run ends blocked, exhausted or failed' }),
      }),
      {},
    ),
    workflow: z
      ._default(z.string().check(z.minLength(1)), 'plangate-ralph.yml')
      .register(z.globalRegistry, { description: 'Workflow file the App dispatches for a run' }),
    maxIterations: z
      ._default(z.int().check(z.minimum(1)).check(z.maximum(MAX_ITERATIONS_LIMIT)), 10)
      .register(z.globalRegistry, { description: 'Agent invocations per run, at most' }),
    maxStoryAttempts: z
      ._default(z.int().check(z.minimum(1)).check(z.maximum(MAX_STORY_ATTEMPTS_LIMIT)), 3)
      .register(z.globalRegistry, { description: 'Consecutive misses of one story before the run is blocked' }),
    approvers: z
      ._default(permissionSchema, 'write')
      .register(z.globalRegistry, { description: 'Minimum repository permission for labels, commands, approvals and bypass prefixes' }),
    agent: z
      ._default(z.string().check(z.minLength(1)), 'codex exec --full-auto {prompt_file}')
      .register(z.globalRegistry, { description: 'Agent command template: {prompt_file}, {story_id}, {workdir}' }),
    verify: z
      ._default(z.array(z.string().check(z.minLength(1))), [])
      .register(z.globalRegistry, { description: "Verify commands; default: the test spec's command blocks" }),
    commandTimeoutMinutes: z
      ._default(z.number().check(z.positive()), 30)
      .register(z.globalRegistry, { description: 'Timeout of each agent and verify command' }),
    passEnv: z
      ._default(z.array(z.string().check(z.minLength(1))), [])
      .register(z.globalRegistry, { description: 'Token-like env vars to pass to the agent anyway' }),
    allowWellSpecified: z._default(z.boolean(), false).register(z.globalRegistry, {
      description: 'Let a well-specified request through the keyword gate without a plan (off server-side)',
    }),
  })
  .register(z.globalRegistry, { description: 'Label-driven ralph runs and the ralph runner (docs/app.md and docs/ralph.md).' });

export const approvalSchema = z
  .strictObject({
    trustedBots: z
      ._default(z.array(z.string().check(z.minLength(1))), [])
      .register(z.globalRegistry, { description: 'Bot logins whose commands and reviews count' }),
  })
  .register(z.globalRegistry, { description: 'Plan approval (docs/approval.md).' });

export const appSchema = z
  .strictObject({
    onError: z._default(z.enum(['fail', 'neutral']), 'fail').register(z.globalRegistry, {
      description:
        'When the App cannot finish an evaluation because GitHub keeps failing: fail (default) or neutral — neutral passes a required check during an outage',
    }),
  })
  .register(z.globalRegistry, { description: 'The GitHub App (docs/app.md).' });

export const discoverySchema = z
  .strictObject({
    ignore: z._default(z.array(z.string().check(z.minLength(1))), [...DEFAULT_DISCOVERY_IGNORE]).register(z.globalRegistry, {
      description: 'Folders never searched for skills: a name matches at any depth (vendor), a path from the root (docs/examples)',
    }),
  })
  .register(z.globalRegistry, {
    description: 'Where plangate looks for skills, agent files and instruction files when it detects the layout.',
  });

export const configSchema = z
  .strictObject({
    _extends: z.optional(z.string().check(z.minLength(1))).register(z.globalRegistry, {
      description:
        "Config to build on: a file in this repository (config/plangate-base.yml), owner/repo, owner/repo:path.yml, or .github (the organisation's .github repository); this file's keys win",
    }),
    presets: z
      ._default(z.array(z.union([z.literal('auto'), presetNameSchema])), ['auto'])
      .register(z.globalRegistry, { description: 'auto detects the layout; or any of omx, omc, spiral, ralphdex, omp' }),
    checks: z
      .optional(z.array(checkNameSchema))
      .register(z.globalRegistry, { description: 'Run exactly these checks (default: what the presets enable)' }),
    plans: z.prefault(plansSchema, {}),
    tasks: z.prefault(tasksSchema, {}),
    catalog: z.prefault(catalogSchema, {}),
    scan: z.prefault(scanSchema, {}),
    failScope: z
      ._default(z.enum(['all', 'changed']), 'all')
      .register(z.globalRegistry, { description: 'changed: only findings on lines the change touches fail; older ones are notices' }),
    ralph: z.prefault(ralphSchema, {}),
    approval: z.prefault(approvalSchema, {}),
    app: z.prefault(appSchema, {}),
    discovery: z.prefault(discoverySchema, {}),
  })
  .register(z.globalRegistry, { description: 'plangate config (.github/plangate.yml)' });

export type PlangateConfigInput = z.input<typeof configSchema>;
export type PlangateConfig = z.output<typeof configSchema>;
export type PlansConfig = PlangateConfig['plans'];
export type TasksConfig = PlangateConfig['tasks'];
export type CatalogConfig = PlangateConfig['catalog'];
export type ScanConfig = PlangateConfig['scan'];
export type RalphConfig = PlangateConfig['ralph'];
export type FailOn = z.infer<typeof failOnSchema>;
export type Permission = z.infer<typeof permissionSchema>;
