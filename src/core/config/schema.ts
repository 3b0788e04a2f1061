import { z } from 'zod';
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

const globList = z.array(z.string().min(1)).describe('minimatch globs; a leading ! negates');

export const plansSchema = z
  .strictObject({
    layout: z
      .enum(['omx', 'omc', 'spiral', 'ralphdex', 'custom'])
      .default('omx')
      .describe('Which planning tool\'s layout to check. Set by the preset when not given.'),
    dir: z.string().min(1).default('.omx/plans').describe('Plans directory (top level only).'),
    prdPatterns: globList.default(['prd-*.md']).describe('custom layout: PRD basenames'),
    testSpecPatterns: globList.default(['test-spec-*.md', 'testspec-*.md']).describe('custom layout: test-spec basenames'),
    require: z.enum(['always', 'when-changed', 'never']).default('when-changed').describe('when-changed (default): only when a changed file matches whenChanged, so a docs-only change needs no plan; always: every change'),
    whenChanged: globList.default(['**', '!**/*.md', '!.github/**']).describe('Changed files that make the gate apply (ordered globs, ! excludes)'),
    matching: z.enum(['slug', 'any']).default('slug').describe('slug: a PRD needs its own test spec; any: any test spec'),
    mustChangeInPr: z.boolean().default(false).describe('The pull request itself must add or edit a plan file'),
    requireAdr: z.boolean().default(false).describe('A missing ADR section is an error instead of a notice'),
    requireApproval: z.boolean().default(false).describe('Execution labels also need a fresh /plangate approve (App)'),
    exemptLabels: z.array(z.string().min(1)).default(['plangate:skip']).describe('PR labels that waive the gate (reported with who applied them)'),
  })
  .describe('The ralplan-first gate (docs/rules/plans.md).');

export const tasksSchema = z
  .strictObject({
    files: z.array(z.string().min(1)).default(['.ralph/tasks.json']).describe('Ralphdex task graphs (version 2).'),
    claims: z.string().min(1).default('.ralph/claims.json').describe('Ralphdex claims ledger (version 1)'),
    claimTtlHours: z.number().min(0).default(24).describe('0 = claims never go stale'),
    prdFiles: globList.default(['.omc/prd.json', 'prd.json']).describe('ralph prd.json files (oh-my-claudecode / Spiral)'),
  })
  .describe('Task graphs, claims and ralph prd.json (docs/rules/tasks.md).');

export const DEFAULT_SKILL_ROOTS = [
  '.github/skills',
  '.claude/skills',
  '.agents/skills',
  '.codex/skills',
  '.cursor/skills',
  '.gemini/skills',
  '.opencode/skills',
];

export const catalogSchema = z
  .strictObject({
    skillRoots: z.array(z.string().min(1)).default(['.github/skills']).describe('Folders holding skills: every folder with a SKILL.md anywhere below a root is a skill; `*` matches one folder name (plugins/*/skills)'),
    catalogDir: z.string().min(1).default('catalog').describe('Where skills-general.json and capabilities.json live'),
    portability: z.boolean().default(false).describe('Warn on provider-specific wording (omp preset).'),
    uncataloged: z.enum(['error', 'warning', 'off']).default('error').describe('Severity of catalog/skill-uncataloged: a skill folder no catalog entry names'),
  })
  .describe('Skill catalog parity and skill frontmatter lint (docs/rules/catalog.md).');

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

export const scanIgnoreSchema = z.strictObject({
  rule: z.string().min(1).describe('Rule id, e.g. S003, or * for every rule'),
  paths: globList.default(['**']),
  reason: z.string().describe('Why this is safe; an ignore without a reason does not apply'),
});

export const scanSchema = z
  .strictObject({
    paths: globList.default(DEFAULT_SCAN_PATHS),
    failOn: failOnSchema.default('high').describe('Lowest finding level that fails the check'),
    maxFileBytes: z.number().int().positive().default(1_048_576).describe('Larger files are not read (scan/file_too_large)'),
    allowEmpty: z.boolean().default(false).describe('Zero files to scan is not an error'),
    ignore: z.array(scanIgnoreSchema).default([]).describe('Suppressions by rule and path, read from the base branch; reason required'),
    baseline: z.string().min(1).default('.plangate/scan-baseline.json').describe('Baseline of accepted findings (fingerprints with reasons), read from the base branch'),
    rules: z
      .record(z.string().regex(/^S\d{3}$/), z.strictObject({ level: z.union([scanLevelSchema, z.literal('off')]) }))
      .default({})
      .describe('Per-rule level overrides, e.g. { S003: { level: MEDIUM } }'),
  })
  .describe('The skill safety scanner (docs/rules/scan.md).');

export const ralphSchema = z
  .strictObject({
    labels: z
      .strictObject({
        run: z.array(z.string().min(1)).default(['ralph', 'autopilot', 'ultrawork']).describe('Issue labels that start a ralph run (mode ralph)'),
        team: z.array(z.string().min(1)).default(['team']).describe('Issue labels that start a run in mode team'),
        plan: z.string().min(1).default('ralplan').describe('Label the gate puts instead of a blocked execution label'),
        cancel: z.string().min(1).default('cancel').describe('Label that cancels the run in flight'),
        done: z.string().min(1).default('ralph:done').describe('Label set when a run completes'),
        blocked: z.string().min(1).default('ralph:blocked').describe('Label set when a run ends blocked, exhausted or failed'),
      })
      .prefault({}),
    workflow: z.string().min(1).default('plangate-ralph.yml').describe('Workflow file the App dispatches for a run'),
    maxIterations: z.number().int().min(1).max(MAX_ITERATIONS_LIMIT).default(10).describe('Agent invocations per run, at most'),
    maxStoryAttempts: z.number().int().min(1).max(MAX_STORY_ATTEMPTS_LIMIT).default(3).describe('Consecutive misses of one story before the run is blocked'),
    approvers: permissionSchema.default('write').describe('Minimum repository permission for labels, commands, approvals and bypass prefixes'),
    agent: z.string().min(1).default('codex exec --full-auto {prompt_file}').describe('Agent command template: {prompt_file}, {story_id}, {workdir}'),
    verify: z.array(z.string().min(1)).default([]).describe('Verify commands; default: the test spec\'s command blocks'),
    commandTimeoutMinutes: z.number().positive().default(30).describe('Timeout of each agent and verify command'),
    passEnv: z.array(z.string().min(1)).default([]).describe('Token-like env vars to pass to the agent anyway'),
    allowWellSpecified: z.boolean().default(false).describe('Let a well-specified request through the keyword gate without a plan (off server-side)'),
  })
  .describe('Label-driven ralph runs and the ralph runner (docs/app.md and docs/ralph.md).');

export const approvalSchema = z
  .strictObject({
    trustedBots: z.array(z.string().min(1)).default([]).describe('Bot logins whose commands and reviews count'),
  })
  .describe('Plan approval (docs/approval.md).');

export const appSchema = z
  .strictObject({
    onError: z
      .enum(['fail', 'neutral'])
      .default('fail')
      .describe('When the App cannot finish an evaluation because GitHub keeps failing: fail (default) or neutral — neutral passes a required check during an outage'),
  })
  .describe('The GitHub App (docs/app.md).');

export const discoverySchema = z
  .strictObject({
    ignore: z.array(z.string().min(1)).default([...DEFAULT_DISCOVERY_IGNORE]).describe('Folders never searched for skills: a name matches at any depth (vendor), a path from the root (docs/examples)'),
  })
  .describe('Where plangate looks for skills, agent files and instruction files when it detects the layout.');

export const configSchema = z
  .strictObject({
    _extends: z
      .string()
      .min(1)
      .optional()
      .describe('Config to build on: a file in this repository (config/plangate-base.yml), owner/repo, owner/repo:path.yml, or .github (the organisation\'s .github repository); this file\'s keys win'),
    presets: z
      .array(z.union([z.literal('auto'), presetNameSchema]))
      .default(['auto'])
      .describe('auto detects the layout; or any of omx, omc, spiral, ralphdex, omp'),
    checks: z.array(checkNameSchema).optional().describe('Run exactly these checks (default: what the presets enable)'),
    plans: plansSchema.prefault({}),
    tasks: tasksSchema.prefault({}),
    catalog: catalogSchema.prefault({}),
    scan: scanSchema.prefault({}),
    failScope: z.enum(['all', 'changed']).default('all').describe('changed: only findings on lines the change touches fail; older ones are notices'),
    ralph: ralphSchema.prefault({}),
    approval: approvalSchema.prefault({}),
    app: appSchema.prefault({}),
    discovery: discoverySchema.prefault({}),
  })
  .describe('plangate config (.github/plangate.yml)');

export type PlangateConfigInput = z.input<typeof configSchema>;
export type PlangateConfig = z.output<typeof configSchema>;
export type PlansConfig = PlangateConfig['plans'];
export type TasksConfig = PlangateConfig['tasks'];
export type CatalogConfig = PlangateConfig['catalog'];
export type ScanConfig = PlangateConfig['scan'];
export type RalphConfig = PlangateConfig['ralph'];
export type FailOn = z.infer<typeof failOnSchema>;
export type Permission = z.infer<typeof permissionSchema>;
