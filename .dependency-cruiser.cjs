// The layers of docs/architecture.md, enforced by `npm run lint` (lint:layers). The picture there is
// generated from this graph (scripts/architecture-graph.js; a test keeps it in sync).
//
//   core      pure checks: no adapter, no service, no I/O (ADR 1)
//   render    pure functions of a Report: core only
//   services  what adapters share: sources/ (snapshots from disk, git, the GitHub API) and
//             github/ (one small file per GitHub call); never an adapter
//   adapters  action/, app/, cli/ (entry points) and ralph/ (the runner, hosted by the CLI's
//             `plangate ralph` and the Action's `mode: ralph`); never each other
// Type-only imports count too: a type is a dependency on a layer's shape.

/** Node built-ins the core may use: hashing, path strings, text, inflating. Everything else is I/O. */
// zlib: inflating a compressed payload the scanner decodes (bounded by maxOutputLength) is computation, not I/O.
const PURE_BUILTINS = ['crypto', 'path', 'util', 'buffer', 'string_decoder', 'zlib'];
/** Packages the core may use: parsers and matchers without I/O. A new one is a deliberate edit here. */
const PURE_PACKAGES = ['zod', 'yaml', 'minimatch', 'jsonc-parser', 'smol-toml'];
const ADAPTERS = '(action|app|cli|ralph)';
const alternatives = (names) => names.map((n) => n.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&')).join('|');

/** Packages (a node_modules path pattern) that only one folder of src/ may import. */
const packagesOnlyIn = (folder, packages, name, comment) => ({
  name,
  comment,
  severity: 'error',
  from: { path: '^src/', pathNot: `^src/${folder}/` },
  to: { path: `(^|/)node_modules/${packages}/` },
});

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'core-imports-no-adapter',
      comment: 'src/core is pure (ADR 1): it never imports an adapter, a service, a renderer or the build info.',
      severity: 'error',
      from: { path: '^src/core/' },
      to: { path: '^src/', pathNot: '^src/core/' },
    },
    {
      name: 'core-does-no-io',
      comment: `src/core does no I/O: of Node's built-ins it may use ${PURE_BUILTINS.join(', ')} only (no fs, child_process, net, http(s), process, os, …).`,
      severity: 'error',
      from: { path: '^src/core/', pathNot: '^src/core/hash\\.ts$' },
      to: { dependencyTypes: ['core'], pathNot: `^(node:)?(${alternatives(PURE_BUILTINS)})$` },
    },
    {
      name: 'core-hash-loads-crypto-only',
      comment:
        'src/core/hash.ts loads node:crypto on first use through createRequire (start-up, issue 17): node:module there, and nothing else new.',
      severity: 'error',
      from: { path: '^src/core/hash\\.ts$' },
      to: { dependencyTypes: ['core'], pathNot: `^(node:)?(${alternatives([...PURE_BUILTINS, 'module'])})$` },
    },
    {
      name: 'core-uses-pure-packages-only',
      comment: `src/core may use these packages only: ${PURE_PACKAGES.join(', ')} (never @actions/*, probot, @octokit/*, an HTTP client or a queue).`,
      severity: 'error',
      from: { path: '^src/core/' },
      to: { path: '(^|/)node_modules/', pathNot: `(^|/)node_modules/(@types/)?(${alternatives(PURE_PACKAGES)})/` },
    },
    {
      name: 'render-is-pure',
      comment: 'src/render holds pure functions of a Report: core and itself only, no I/O.',
      severity: 'error',
      from: { path: '^src/render/' },
      to: { path: '^src/', pathNot: '^src/(core|render)/' },
    },
    {
      name: 'render-does-no-io',
      comment: `src/render does no I/O (built-ins: ${PURE_BUILTINS.join(', ')} only).`,
      severity: 'error',
      from: { path: '^src/render/' },
      to: { dependencyTypes: ['core'], pathNot: `^(node:)?(${alternatives(PURE_BUILTINS)})$` },
    },
    {
      name: 'services-import-no-adapter',
      comment: 'sources/ and github/ serve every adapter, so they import none of them (nor render: a source only reads).',
      severity: 'error',
      from: { path: '^src/(sources|github)/' },
      to: { path: `^src/(${ADAPTERS.slice(1, -1)}|render)/` },
    },
    {
      name: 'github-calls-are-the-bottom',
      comment: 'github/ (one file per GitHub call) imports no snapshot source: sources build on it, not the other way.',
      severity: 'error',
      from: { path: '^src/github/' },
      to: { path: '^src/sources/' },
    },
    {
      name: 'adapters-never-import-each-other',
      comment: 'action/, app/, cli/ and ralph/ never import each other; what two of them share belongs in core, render, sources or github.',
      severity: 'error',
      from: { path: `^src/${ADAPTERS}/` },
      to: { path: '^src/(action|app|cli)/', pathNot: '^src/$1/' },
    },
    {
      name: 'ralph-runner-hosted-by-cli-and-action',
      comment:
        "The ralph runner runs inside `plangate ralph` and the Action's `mode: ralph`; the App dispatches a workflow and never imports it.",
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(cli|action|ralph)/' },
      to: { path: '^src/ralph/' },
    },
    packagesOnlyIn(
      'app',
      '(@types/)?(probot|bullmq|ioredis|prom-client|pino)',
      'app-packages-only-in-the-app',
      "probot, bullmq, ioredis, prom-client and pino are the App's (optional peers of the npm package): nothing the CLI or the Action bundles may import them.",
    ),
    packagesOnlyIn(
      'action',
      '@actions',
      'actions-toolkit-only-in-the-action',
      "@actions/* reads the runner's environment: only src/action may use it.",
    ),
    {
      name: 'scan-stages-run-forward',
      comment:
        'The scanner is one pipeline (docs/architecture.md): reading, normalising, segmenting, decoding and matching (with the rules they match) never reach into a later step (analyse, references, judge, findings, suppress).',
      severity: 'error',
      from: { path: '^src/core/scan/(read|normalise|segment|decode|match|rules)/' },
      to: { path: '^src/core/scan/(analyse|references|judge|findings|suppress)/' },
    },
    {
      name: 'scan-judgement-before-findings',
      comment: 'A level is decided once, in judge/: judging never imports findings, suppressions or the reference walk.',
      severity: 'error',
      from: { path: '^src/core/scan/judge/' },
      to: { path: '^src/core/scan/(findings|suppress|references)/' },
    },
    {
      name: 'scan-findings-do-not-rejudge',
      comment: 'findings/ turns judged verdicts into findings: it never reads analyses, suppressions or references again.',
      severity: 'error',
      from: { path: '^src/core/scan/findings/' },
      to: { path: '^src/core/scan/(analyse|suppress|references)/' },
    },
    {
      name: 'scan-pipeline-assembled-once',
      comment: 'run-scan-check.ts is the only place the steps are put together: no step imports it.',
      severity: 'error',
      from: { path: '^src/core/scan/.+/' },
      to: { path: '^src/core/scan/run-scan-check\\.ts$' },
    },
    {
      name: 'no-circular',
      comment: 'No import cycles at run time: a cycle makes load order matter and layers meaningless.',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'no-circular-types',
      comment: 'A type imported back from the module that imports you: move the type to a module of its own.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'declared-packages-only',
      comment: 'Every package src/ imports is declared in package.json (a transitive dependency can disappear in any update).',
      severity: 'error',
      from: { path: '^src/' },
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown'], dependencyTypesNot: ['npm', 'npm-dev', 'npm-peer', 'npm-optional'] },
    },
    {
      name: 'resolvable',
      comment: 'Every import resolves.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'types', 'node', 'default'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
