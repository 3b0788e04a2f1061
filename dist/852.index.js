export const id = 852;
export const ids = [852];
export const modules = {

/***/ 9852:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runRalphMode: () => (/* binding */ runRalphMode)
});

// UNUSED EXPORTS: RALPH_RESULT_FILE

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(8161);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: ./node_modules/@actions/core/lib/core.js + 18 modules
var core = __webpack_require__(6257);
// EXTERNAL MODULE: ./node_modules/@actions/github/lib/github.js + 22 modules
var github = __webpack_require__(2413);
;// CONCATENATED MODULE: ./lib/core/ralph/ralph-result.js
function ralphResultOf(state, extra = {}) {
    const result = {
        outcome: state.outcome ?? 'failed',
        iterations: state.iterations,
        stories: state.stories.map((s) => ({ id: s.id, title: s.title, passes: s.passes, attempts: s.attempts })),
        runId: state.runId,
        maxIterations: state.maxIterations,
        plan: state.plan,
    };
    if (state.reason)
        result.reason = state.reason;
    if (extra.prUrl)
        result.prUrl = extra.prUrl;
    return result;
}

// EXTERNAL MODULE: ./lib/github/octokit-like.js
var octokit_like = __webpack_require__(364);
;// CONCATENATED MODULE: ./lib/github/create-pull-request.js

/**
 * Opens a pull request; when one is already open for the branch (a re-run pushed to it),
 * returns that one instead of failing.
 */
async function createPullRequest(octokit, input) {
    try {
        const { data } = await octokit.request('POST /repos/{owner}/{repo}/pulls', {
            owner: input.owner,
            repo: input.repo,
            head: input.head,
            base: input.base,
            title: input.title,
            body: input.body,
            draft: input.draft ?? false,
        });
        return { number: data.number, html_url: data.html_url, created: true };
    }
    catch (error) {
        if ((0,octokit_like/* statusOf */.c)(error) !== 422)
            throw error;
        const { data } = await octokit.request('GET /repos/{owner}/{repo}/pulls', { owner: input.owner, repo: input.repo, head: `${input.owner}:${input.head}`, base: input.base, state: 'open' });
        const existing = data[0];
        if (!existing)
            throw error;
        return { number: existing.number, html_url: existing.html_url, created: false };
    }
}

// EXTERNAL MODULE: ./lib/render/markdown.js + 2 modules
var markdown = __webpack_require__(1546);
;// CONCATENATED MODULE: ./lib/ralph/format-progress.js
/** One progress line (CLI stderr, Action log): `story k/n`, `iteration i/N`. */
function formatProgressLine({ step, state, story }) {
    const n = state.stories.length;
    const budget = `${state.iterations}/${state.maxIterations}`;
    const storyNo = story ? `story ${state.stories.findIndex((s) => s.id === story.id) + 1}/${n} ${story.id}` : '';
    switch (step) {
        case 'started': {
            const done = state.stories.filter((s) => s.passes).length;
            return `ralph: run ${state.runId}: ${n} stor${n === 1 ? 'y' : 'ies'} (${done} done), ${state.verify.length} verify command(s), iteration ${budget}${state.resumes ? `, resume #${state.resumes}` : ''}`;
        }
        case 'baseline': {
            const failing = (state.baseline ?? []).filter((b) => !b.passed).map((b) => b.command);
            const passing = (state.baseline ?? []).length - failing.length;
            return `ralph: baseline: ${passing}/${(state.baseline ?? []).length} verify command(s) pass${failing.length ? `; already failing (will not block): ${failing.join(' | ')}` : ''}`;
        }
        case 'iteration_started':
            return `ralph: iteration ${budget} — ${storyNo} "${story?.title}" (attempt ${story?.attempts})`;
        case 'iteration_judged':
            if (!story)
                return undefined;
            if (story.passes)
                return `ralph: iteration ${budget} — ${storyNo} passes`;
            return `ralph: iteration ${budget} — ${storyNo} missed (${story.consecutiveMisses}/${state.maxStoryAttempts}): ${story.lastMiss?.reasons.join('; ')}`;
        case 'stopped':
            return `ralph: ${state.outcome} after ${state.iterations}/${state.maxIterations} iteration(s) — ${state.reason ?? ''}`;
    }
}
/** The human-readable end of a CLI run (without --json). */
function formatResultText(result, stateDir) {
    const lines = [`outcome: ${result.outcome}`, `iterations: ${result.iterations}/${result.maxIterations}`, `run: ${result.runId} (${stateDir})`];
    if (result.reason)
        lines.push(`reason: ${result.reason}`);
    lines.push('stories:');
    for (const s of result.stories)
        lines.push(`  ${s.passes ? 'PASS' : 'open'}  ${s.id}  ${s.title}  (attempts: ${s.attempts})`);
    if (['cancelled', 'exhausted', 'failed', 'blocked'].includes(result.outcome)) {
        lines.push(`resume: plangate ralph --resume ${result.runId} --agent "<command>"${result.outcome === 'exhausted' ? ' --max-iterations <more>' : ''}`);
    }
    return `${lines.join('\n')}\n`;
}

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: ./lib/config/problems.js
var problems = __webpack_require__(784);
// EXTERNAL MODULE: ./lib/config/resolve-config.js + 3 modules
var resolve_config = __webpack_require__(9714);
// EXTERNAL MODULE: ./lib/core/evaluate.js + 125 modules
var evaluate = __webpack_require__(2126);
// EXTERNAL MODULE: ./lib/sources/local-dir-snapshot.js
var local_dir_snapshot = __webpack_require__(1004);
;// CONCATENATED MODULE: ./lib/ralph/load-ralph-config.js





/**
 * The config a ralph run reads: the workdir's own `.github/plangate.yml` (or the given
 * file). In the Action this is the dispatched ref — the default branch — so a pull
 * request cannot change how its own ralph run is bounded.
 */
async function loadRalphConfig(workdir, configPath, configFile = '.github/plangate.yml') {
    const snapshot = await local_dir_snapshot/* LocalDirSnapshot */.N.open(workdir);
    let text;
    if (configPath) {
        try {
            text = await (0,promises_.readFile)(configPath, 'utf8');
        }
        catch {
            return { ok: false, problems: [`config file not found: ${configPath}`] };
        }
    }
    else {
        const bytes = await snapshot.readBytes(configFile);
        text = bytes ? Buffer.from(bytes).toString('utf8') : undefined;
    }
    const loaded = (0,resolve_config/* loadConfig */.Z9)(text, configPath ?? configFile, (0,evaluate/* detectLayouts */.v)(snapshot));
    if (!loaded.ok)
        return { ok: false, problems: loaded.problems.map(problems/* formatConfigProblem */.fc) };
    return { ok: true, config: loaded.config, snapshot };
}

// EXTERNAL MODULE: ./lib/core/plans/markdown-outline.js
var markdown_outline = __webpack_require__(8652);
// EXTERNAL MODULE: ./lib/core/plans/plan-content-rules.js
var plan_content_rules = __webpack_require__(2767);
;// CONCATENATED MODULE: ./lib/core/ralph/derive-stories-from-markdown.js


const STORIES_HEADING = /^(?:\d+(?:\.\d+)*[.)]?\s+)?(?:user\s+)?stories\s*:?$/;
const CHECKLIST_ITEM = /^\s*(?:[-*+]|\d+[.)])\s+\[[ xX]\]\s+/;
const LIST_ITEM = /^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/;
const ACCEPTANCE_HEADING = /acceptance criteria|acceptance tests?|definition of done/;
/** `US-001: Title`, `S2 — Title`, `Story 3. Title` → an id and a title. */
const ID_PREFIX = /^((?:US|S|STORY|T|TASK)[-_ ]?\d+[a-z]?)\s*(?:[:.—–-]\s*|\s+)(.+)$/i;
/**
 * Stories from a PRD's markdown: each heading under a "User stories" / "Stories"
 * section with its `- [ ]` criteria; without such a section, one story per acceptance
 * criterion. Pure; never throws.
 */
function deriveStoriesFromMarkdown(text) {
    const outline = (0,markdown_outline/* outlineMarkdown */.M)(text);
    const fromSection = storiesFromSection(outline);
    if (fromSection.length)
        return { stories: fromSection, source: 'stories-section' };
    const criteria = (0,plan_content_rules/* criteriaLines */.DS)(outline);
    if (!criteria.length)
        return { stories: [], source: 'none' };
    const stories = criteria.map((line, i) => {
        const item = line.text.replace(LIST_ITEM, '').trim();
        return { id: `AC-${i + 1}`, title: item, description: '', criteria: [item], priority: i + 1, verify: [], passes: false };
    });
    return { stories, source: 'acceptance-criteria' };
}
function storiesFromSection(outline) {
    const start = outline.findIndex((l) => l.kind === 'heading' && STORIES_HEADING.test(l.section));
    if (start < 0)
        return [];
    const level = outline[start].headingLevel;
    let end = outline.length;
    for (let i = start + 1; i < outline.length; i++) {
        const l = outline[i];
        if (l.kind === 'heading' && l.headingLevel <= level) {
            end = i;
            break;
        }
    }
    const section = outline.slice(start + 1, end);
    const storyLevel = Math.min(...section.filter((l) => l.kind === 'heading').map((l) => l.headingLevel));
    const stories = [];
    const usedIds = new Set();
    let current;
    const flush = () => {
        if (current)
            stories.push(storyFrom(current.heading, current.body, stories.length + 1, usedIds));
    };
    for (const line of section) {
        if (line.kind === 'heading' && line.headingLevel === storyLevel) {
            flush();
            current = { heading: line, body: [] };
        }
        else if (current) {
            current.body.push(line);
        }
    }
    flush();
    return stories;
}
function storyFrom(heading, body, n, usedIds) {
    const headingText = heading.text.trim().replace(/^#+\s*/, '').replace(/\s+#+\s*$/, '').trim();
    const match = ID_PREFIX.exec(headingText);
    let id = match ? match[1].replace(/\s+/g, '-') : `story-${n}`;
    if (usedIds.has(id))
        id = `${id}-${n}`;
    usedIds.add(id);
    const title = match ? match[2].trim() : headingText;
    let criteria = body.filter((l) => l.kind === 'list' && CHECKLIST_ITEM.test(l.text));
    if (!criteria.length)
        criteria = body.filter((l) => l.kind === 'list' && ACCEPTANCE_HEADING.test(l.section));
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

;// CONCATENATED MODULE: ./lib/core/ralph/extract-verify-commands.js

/** Info strings of fences that hold shell commands (an untagged fence counts too). */
const SHELL_INFO = new Set(['', 'bash', 'sh', 'shell', 'zsh', 'console', 'terminal', 'shell-session']);
const PROMPT = /^\$\s+/;
/**
 * The verify commands of a test spec: every line of its shell-fenced code blocks, one
 * command per line (a trailing `\` joins the next line; `$ ` prompts are dropped; in
 * `console` blocks only prompted lines are commands, the rest is output). Order kept,
 * duplicates dropped. Pure; never throws.
 */
function extractVerifyCommands(testSpecText) {
    const commands = [];
    let info;
    let inFence = false;
    let pending = '';
    const push = (command) => {
        const trimmed = command.trim();
        if (trimmed && !commands.includes(trimmed))
            commands.push(trimmed);
    };
    for (const line of (0,markdown_outline/* outlineMarkdown */.M)(testSpecText)) {
        if (line.kind === 'fence') {
            if (!inFence)
                info = (/^\s*(?:`{3,}|~{3,})\s*([^\s`{]*)/.exec(line.text)?.[1] ?? '').toLowerCase();
            else if (pending)
                push(pending);
            inFence = !inFence;
            pending = '';
            continue;
        }
        if (line.kind !== 'code' || info === undefined || !SHELL_INFO.has(info))
            continue;
        const raw = line.text.trim();
        const promptOnly = info === 'console' || info === 'shell-session';
        if (!pending) {
            if (!raw || raw.startsWith('#'))
                continue;
            if (promptOnly && !PROMPT.test(raw))
                continue;
        }
        const text = raw.replace(PROMPT, '');
        if (text.endsWith('\\')) {
            pending += `${text.slice(0, -1).trimEnd()} `;
            continue;
        }
        push(pending + text);
        pending = '';
    }
    return commands;
}

// EXTERNAL MODULE: ./lib/core/plans/discover-plan-artifacts.js
var discover_plan_artifacts = __webpack_require__(5131);
// EXTERNAL MODULE: ./lib/core/plans/match-test-specs.js
var match_test_specs = __webpack_require__(3859);
// EXTERNAL MODULE: ./lib/core/plans/parse-artifact-name.js
var parse_artifact_name = __webpack_require__(960);
// EXTERNAL MODULE: ./lib/core/plans/plan-artifact.js
var plan_artifact = __webpack_require__(320);
// EXTERNAL MODULE: ./lib/core/read-text.js
var read_text = __webpack_require__(3555);
// EXTERNAL MODULE: ./lib/core/tasks/parse-ralph-prd.js + 2 modules
var parse_ralph_prd = __webpack_require__(3833);
;// CONCATENATED MODULE: ./lib/ralph/load-ralph-plan.js








/**
 * The PRD and its stories (prd.json sidecar, else the markdown's stories, else one story
 * per acceptance criterion) and the verify commands (input, config `ralph.verify`, else the
 * matching test spec's command blocks). A prd.json the tasks check rejects stops here.
 */
async function loadRalphPlan(input) {
    const { snapshot, config } = input;
    const prd = input.plan ? artifactFor(input.plan) : latestCompletePrd(snapshot, config);
    if (!prd) {
        return { ok: false, problems: [`no plan given and no complete plan (a PRD with a matching test spec) in \`${config.plans.dir}/\`: pass --plan <prd.md>`] };
    }
    const prdText = (await (0,read_text/* readText */.y)(snapshot, prd.path))?.text;
    if (prdText === undefined)
        return { ok: false, problems: [`${prd.path}: the plan file does not exist (or is not a regular file)`] };
    const warnings = [];
    const sidecar = await findSidecar(snapshot, prd);
    let stories;
    let storySource;
    if (sidecar) {
        const parsed = (0,parse_ralph_prd/* parseRalphPrd */.X)(sidecar.text, sidecar.path);
        const located = parsed.diagnostics.map((d) => `${sidecar.path}${d.position ? `:${d.position.line}:${d.position.column}` : ''}: ${d.message}`);
        if (!parsed.ok) {
            return { ok: false, problems: [`${sidecar.path} is rejected by the tasks check; the ralph runner does not start on it:`, ...located.filter((_, i) => parsed.diagnostics[i].severity === 'error')] };
        }
        warnings.push(...located);
        stories = parsed.stories.map((s) => ({
            id: s.id,
            title: s.title,
            description: s.description,
            criteria: s.acceptanceCriteria,
            priority: s.priority,
            verify: s.verify ?? [],
            passes: s.passes,
        }));
        storySource = 'prd.json';
    }
    else {
        const derived = deriveStoriesFromMarkdown(prdText);
        if (derived.source === 'none') {
            return { ok: false, problems: [`${prd.path}: no stories: add a "## User stories" section with "### <id>: <title>" stories and their "- [ ]" criteria, an "## Acceptance criteria" list, or a prd.json beside it`] };
        }
        stories = derived.stories;
        storySource = derived.source;
    }
    const testSpec = await findTestSpec(snapshot, prd, config);
    let verify = [];
    let verifySource = 'none';
    if (input.verify?.length)
        [verify, verifySource] = [[...input.verify], 'input'];
    else if (config.ralph.verify.length)
        [verify, verifySource] = [[...config.ralph.verify], 'config'];
    else if (testSpec) {
        verify = extractVerifyCommands(testSpec.text);
        if (verify.length)
            verifySource = 'test-spec';
    }
    if (!verify.length)
        warnings.push('no verify commands (no --verify, no ralph.verify, no command block in a matching test spec): only the agent\'s exit status and the stories\' own verify[] judge the attempts');
    const plan = { prdPath: prd.path, prdText, slug: slugOf(prd), stories, storySource, verify, verifySource, warnings };
    if (sidecar)
        plan.storyFile = sidecar.path;
    if (testSpec)
        plan.testSpecPath = testSpec.path;
    return { ok: true, plan };
}
function artifactFor(path) {
    const clean = path.replace(/^\.\//, '');
    const basename = clean.slice(clean.lastIndexOf('/') + 1);
    const parsed = (0,parse_artifact_name/* parseArtifactName */.T)(basename);
    return { kind: 'prd', slug: parsed?.kind === 'prd' && parsed.slug ? parsed.slug : basename.replace(/\.[^.]+$/, ''), timestamp: parsed?.timestamp, path: clean, basename };
}
function dirOf(path) {
    const i = path.lastIndexOf('/');
    return i < 0 ? '' : path.slice(0, i);
}
function discover(snapshot, dir, config) {
    const custom = config.plans.layout === 'custom';
    return (0,discover_plan_artifacts/* discoverPlanArtifacts */.s)(snapshot, {
        dir: dir || '.',
        prdPatterns: custom ? config.plans.prdPatterns : undefined,
        testSpecPatterns: custom ? config.plans.testSpecPatterns : undefined,
    });
}
function latestCompletePrd(snapshot, config) {
    const found = discover(snapshot, config.plans.dir.replace(/\/+$/, ''), config);
    return (0,plan_artifact/* latestArtifact */.E)(found.prds.filter((p) => (0,match_test_specs/* selectTestSpec */.Sr)(p, found.testSpecs, config.plans.matching)));
}
async function findTestSpec(snapshot, prd, config) {
    const spec = (0,match_test_specs/* selectTestSpec */.Sr)(prd, discover(snapshot, dirOf(prd.path), config).testSpecs, config.plans.matching);
    if (!spec)
        return undefined;
    const text = (await (0,read_text/* readText */.y)(snapshot, spec.path))?.text;
    return text === undefined ? undefined : { path: spec.path, text };
}
/** `<plans>/<prd basename>.json`, `<plans>/prd-<slug>.json`, then `.omc/prd.json`. */
async function findSidecar(snapshot, prd) {
    const dir = dirOf(prd.path);
    const inDir = (name) => (dir ? `${dir}/${name}` : name);
    const candidates = [inDir(prd.basename.replace(/\.md$/i, '.json')), inDir(`prd-${prd.slug}.json`), '.omc/prd.json'];
    for (const path of [...new Set(candidates)]) {
        const text = (await (0,read_text/* readText */.y)(snapshot, path))?.text;
        if (text !== undefined)
            return { path, text };
    }
    return undefined;
}
function slugOf(prd) {
    const slug = prd.slug
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '')
        .slice(0, 40)
        .replace(/-+$/, '');
    return slug || 'plan';
}

// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __webpack_require__(1421);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
;// CONCATENATED MODULE: ./lib/ralph/git-worktree.js




/** Paths the runner itself writes in the workdir; never part of a commit. */
const RUNNER_PATHS = ['.plangate/ralph/', 'plangate-ralph-result.json'];
/** git with arguments (never a shell); optional stdin. Rejects with git's stderr. */
function runGit(cwd, args, input) {
    return new Promise((resolve, reject) => {
        const child = (0,external_node_child_process_.execFile)('git', args, { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 }, (error, stdout, stderr) => {
            if (error)
                reject(new Error(`git ${args.join(' ')} failed: ${stderr.trim() || error.message}`));
            else
                resolve(stdout);
        });
        if (input !== undefined)
            child.stdin?.end(input);
    });
}
async function isGitWorktree(cwd) {
    try {
        return (await runGit(cwd, ['rev-parse', '--is-inside-work-tree'])).trim() === 'true';
    }
    catch {
        return false;
    }
}
/**
 * Changed, staged and untracked paths with a fingerprint of their content: taken before
 * the run, it tells the runner's own changes apart from what was dirty already.
 */
async function listDirtyPaths(cwd) {
    const out = await runGit(cwd, ['status', '--porcelain=v1', '-z', '--untracked-files=all', '--no-renames']);
    const dirty = {};
    for (const record of out.split('\0')) {
        if (record.length < 4)
            continue;
        const path = record.slice(3);
        if (RUNNER_PATHS.some((p) => path === p || path.startsWith(p)))
            continue;
        dirty[path] = fingerprint((0,external_node_path_.join)(cwd, path));
    }
    return dirty;
}
/** Paths that differ from the baseline: newly dirty, or dirty before and changed since. */
function changedSince(baseline, now) {
    return Object.keys(now)
        .filter((path) => baseline[path] !== now[path])
        .sort();
}
function fingerprint(full) {
    const stat = (0,external_node_fs_.lstatSync)(full, { throwIfNoEntry: false });
    if (!stat)
        return 'deleted';
    const hash = (0,external_node_crypto_.createHash)('sha256');
    if (stat.isSymbolicLink())
        hash.update(`link:${(0,external_node_fs_.readlinkSync)(full)}`);
    else if (stat.isFile())
        hash.update(`${stat.mode & 0o111 ? 'x' : '-'}:`).update((0,external_node_fs_.readFileSync)(full));
    else
        hash.update(`other:${stat.mode}`);
    return hash.digest('hex');
}
async function currentBranch(cwd) {
    try {
        const name = (await runGit(cwd, ['symbolic-ref', '--quiet', '--short', 'HEAD'])).trim();
        return name || undefined;
    }
    catch {
        return undefined;
    }
}

;// CONCATENATED MODULE: ./lib/ralph/ralph-branch.js

const BRANCH_PREFIX = 'plangate/ralph-';
const BOT_NAME = 'github-actions[bot]';
const BOT_EMAIL = '41898282+github-actions[bot]@users.noreply.github.com';
/** `plangate/ralph-<issue>-<slug>` (`run` stands in for a missing issue number). */
function ralphBranchName(issue, slug) {
    return `${BRANCH_PREFIX}${issue ?? 'run'}-${slug}`;
}
/** Refuses anything but a fresh `plangate/ralph-*` branch that is not the default branch. */
function assertRalphBranch(branch, defaultBranch) {
    if (!branch.startsWith(BRANCH_PREFIX) || branch === defaultBranch) {
        throw new Error(`refusing to commit on ${branch}: ralph commits only on ${BRANCH_PREFIX}* branches, never on the default branch ${defaultBranch}`);
    }
}
/**
 * Before the loop: move the checkout onto the run's own new branch (the working tree is
 * kept as it is), so nothing the run or the agent commits lands on the default branch.
 * Returns the commit the branch starts from.
 */
async function startRalphBranch(workdir, branch, defaultBranch) {
    assertRalphBranch(branch, defaultBranch);
    await runGit(workdir, ['switch', '--create', branch]);
    return (await runGit(workdir, ['rev-parse', 'HEAD'])).trim();
}
/**
 * After the loop: commit what the run changed (paths dirty before the run and unchanged
 * since are left out, as is the runner's own state), then push the branch. A plain push:
 * when the remote branch moved, git refuses and so does this — never a force-push.
 */
async function commitAndPushRalphBranch(input) {
    const { workdir, branch } = input;
    assertRalphBranch(branch, input.defaultBranch);
    const onBranch = await currentBranch(workdir);
    if (onBranch !== branch)
        throw new Error(`the checkout is on ${onBranch ?? 'a detached HEAD'}, not on ${branch}; nothing was committed`);
    const paths = changedSince(input.baseline, await listDirtyPaths(workdir));
    if (paths.length) {
        await runGit(workdir, ['add', '--all', '--pathspec-from-file=-', '--pathspec-file-nul'], `${paths.join('\0')}\0`);
        const identity = (await runGit(workdir, ['config', 'user.email']).catch(() => '')).trim() ? [] : ['-c', `user.name=${BOT_NAME}`, '-c', `user.email=${BOT_EMAIL}`];
        // Only these paths: anything staged before the run stays out of the commit.
        await runGit(workdir, [...identity, 'commit', '--quiet', '--no-verify', '--message', input.message, '--pathspec-from-file=-', '--pathspec-file-nul'], `${paths.join('\0')}\0`);
    }
    const head = (await runGit(workdir, ['rev-parse', 'HEAD'])).trim();
    if (head === input.startSha)
        return { committedPaths: [] };
    await runGit(workdir, ['push', '--quiet', input.remote ?? 'origin', `refs/heads/${branch}:refs/heads/${branch}`]);
    return { headSha: head, committedPaths: paths };
}

// EXTERNAL MODULE: ./lib/core/markdown-safe.js
var markdown_safe = __webpack_require__(314);
;// CONCATENATED MODULE: ./lib/core/ralph/outcome-titles.js
/** How an outcome reads in the run comment and the job summary (one wording everywhere). */
const OUTCOME_TITLE = {
    completed: '✅ completed',
    exhausted: '⏳ exhausted (iteration budget used)',
    blocked: '🛑 blocked',
    failed: '❌ failed',
    cancelled: '⏹️ cancelled',
    integrity_violation: '🚨 stopped: integrity violation',
};

;// CONCATENATED MODULE: ./lib/ralph/render-run-markdown.js


const RUN_COMMENT_MARKER = '<!-- plangate:run -->';
const MAX_ROWS = 200;
/**
 * The issue's run comment and the job summary: outcome or `iteration i/N`, `story k/n`,
 * and the stories table. Story text comes from the repository, so it is escaped.
 */
function renderRunMarkdown(input) {
    const { state } = input;
    const lines = [...(input.header ?? [])];
    const status = state.outcome ? OUTCOME_TITLE[state.outcome] : '🔁 running';
    lines.push(`### plangate ralph: ${status} · iteration ${state.iterations}/${state.maxIterations}`, '');
    const facts = [`**Plan:** ${(0,markdown_safe/* codeSpan */.SS)(state.plan)}`, `**Run:** ${(0,markdown_safe/* codeSpan */.SS)(state.runId)}`];
    if (input.runUrl)
        facts.push(`[workflow run](${input.runUrl})`);
    if (input.prUrl)
        facts.push(`**Pull request:** ${input.prUrl}`);
    lines.push(facts.join(' · '), '');
    const current = state.current ?? state.interrupted;
    if (current && !state.outcome) {
        const index = state.stories.findIndex((s) => s.id === current.storyId);
        const story = state.stories[index];
        lines.push(`**Now:** story ${index + 1}/${state.stories.length} ${(0,markdown_safe/* codeSpan */.SS)(story.id)} ${(0,markdown_safe/* escapeMarkdownText */.m4)(story.title, 120)} — attempt ${story.attempts}, ${current.phase === 'agent' ? 'agent working' : 'verifying'}`, '');
    }
    if (state.outcome && state.reason)
        lines.push(`**Result:** ${(0,markdown_safe/* escapeMarkdownText */.m4)(state.reason, 600)}`, '');
    const done = state.stories.filter((s) => s.passes).length;
    lines.push(`**Stories:** ${done}/${state.stories.length} pass`, '');
    lines.push('| # | story | title | status | attempts | evidence / last miss |', '| ---: | --- | --- | --- | ---: | --- |');
    state.stories.slice(0, MAX_ROWS).forEach((s, i) => lines.push(storyRow(state, s, i)));
    if (state.stories.length > MAX_ROWS)
        lines.push('', `… ${state.stories.length - MAX_ROWS} more stories (see the run's state.json).`);
    const failing = (state.baseline ?? []).filter((b) => !b.passed);
    if (state.baseline) {
        const note = `baseline: ${state.baseline.length - failing.length}/${state.baseline.length} verify command(s) passed before the run`;
        lines.push('', `<sub>${note}${failing.length ? `; already failing (never blocks): ${failing.map((f) => (0,markdown_safe/* codeSpan */.SS)(f.command)).join(', ')}` : ''}</sub>`);
    }
    return clip(lines.join('\n'), input.maxLength);
}
function storyRow(state, s, i) {
    const inFlight = state.current?.storyId === s.id;
    const status = s.passes ? '✅ passes' : inFlight ? '🔄 in progress' : s.consecutiveMisses ? `❌ missed ${s.consecutiveMisses}×` : '⏳ open';
    let detail = '';
    if (s.passes && s.evidence)
        detail = s.evidence.map((e) => `${(0,markdown_safe/* codeSpan */.SS)(e.command, 80)} ✓`).join(' · ');
    else if (s.lastMiss)
        detail = describeMiss(s.lastMiss);
    return `| ${i + 1} | ${(0,markdown_safe/* codeSpan */.SS)(s.id, 60)} | ${(0,markdown_safe/* escapeMarkdownText */.m4)(s.title, 120)} | ${status} | ${s.attempts} | ${detail} |`;
}
/** A miss from its facts (commands rendered as code, never re-parsed from the reason text). */
function describeMiss(miss) {
    const parts = [];
    if (miss.agentTimedOut)
        parts.push('agent timed out');
    else if (miss.agentExitCode !== 0)
        parts.push(`agent exited ${miss.agentExitCode ?? 'on a signal'}`);
    for (const f of miss.failures)
        parts.push(`${(0,markdown_safe/* codeSpan */.SS)(f.command, 80)} ✗ ${f.timedOut ? '(timed out)' : `(exit ${f.exitCode ?? 'signal'})`}`);
    const accounted = (miss.agentTimedOut || miss.agentExitCode !== 0 ? 1 : 0) + miss.failures.length;
    if (accounted < miss.reasons.length)
        parts.push((0,markdown_safe/* escapeMarkdownText */.m4)(miss.reasons.join('; '), 300));
    return parts.join(' · ');
}
function clip(text, max) {
    if (text.length <= max)
        return text;
    const note = '\n\n… (truncated)';
    return text.slice(0, max - note.length) + note;
}

;// CONCATENATED MODULE: ./lib/ralph/render-pr-body.js


const MAX_BODY = 60_000;
/** The ralph pull request: the issue, the plan, and every story with its evidence. */
function renderPrBody(input) {
    const { state } = input;
    const link = (path) => (input.blobUrl ? `[${(0,markdown_safe/* codeSpan */.SS)(path)}](${input.blobUrl}${path.split('/').map(encodeURIComponent).join('/')})` : (0,markdown_safe/* codeSpan */.SS)(path));
    const lines = [];
    if (input.issue !== undefined)
        lines.push(`${state.outcome === 'completed' ? 'Closes' : 'Refs'} #${input.issue}`, '');
    lines.push(`**Plan:** ${link(state.plan)}${input.testSpec ? ` · **Test spec:** ${link(input.testSpec)}` : ''}`);
    const run = [`**Outcome:** ${state.outcome ?? 'running'}`, `${state.iterations}/${state.maxIterations} agent turns`, `run ${(0,markdown_safe/* codeSpan */.SS)(state.runId)}`];
    if (input.runUrl)
        run.push(`[workflow run](${input.runUrl})`);
    lines.push(run.join(' · '));
    if (state.reason)
        lines.push(`**Why:** ${(0,markdown_safe/* escapeMarkdownText */.m4)(state.reason, 500)}`);
    lines.push('', '## Stories', '');
    for (const s of state.stories) {
        lines.push(`### ${s.passes ? '✅' : '❌'} ${(0,markdown_safe/* codeSpan */.SS)(s.id, 60)} ${(0,markdown_safe/* escapeMarkdownText */.m4)(s.title, 200)}`, '');
        if (s.passes && s.evidence) {
            lines.push(`Passed in iteration ${s.passedAt ?? '?'} (attempt ${s.attempts}). Verify commands that passed:`);
            for (const e of s.evidence)
                lines.push(`- ✓ ${(0,markdown_safe/* codeSpan */.SS)(e.command, 200)} (${e.scope === 'story' ? "story's own check" : 'passed before the run, still passes'})`);
            if (!s.evidence.length)
                lines.push('- (no verify commands: the agent exited 0)');
        }
        else if (s.passes) {
            lines.push('Marked done in the plan before this run.');
        }
        else if (s.lastMiss) {
            lines.push(`Not done after ${s.attempts} attempt(s). Last miss (iteration ${s.lastMiss.iteration}): ${describeMiss(s.lastMiss)}`);
        }
        else {
            lines.push('Not attempted in this run.');
        }
        lines.push('');
    }
    const failing = (state.baseline ?? []).filter((b) => !b.passed);
    if (failing.length)
        lines.push(`<sub>Failing before the run (not required): ${failing.map((f) => (0,markdown_safe/* codeSpan */.SS)(f.command)).join(', ')}</sub>`, '');
    lines.push('<sub>Opened by plangate ralph. The run state is in `.plangate/ralph/' + state.runId + '/` on the runner; it is not committed.</sub>');
    const body = lines.join('\n');
    return body.length > MAX_BODY ? `${body.slice(0, MAX_BODY - 20)}\n\n… (truncated)` : body;
}

// EXTERNAL MODULE: ./lib/github/sticky-comment.js
var sticky_comment = __webpack_require__(4156);
;// CONCATENATED MODULE: ./lib/ralph/run-comment-reporter.js





/** Hidden lines another writer (the App: dispatch key, run link) keeps in the run comment. */
const HIDDEN_LINE = /^<!-- plangate:[^\n]*-->$/;
/**
 * Keeps the issue's run comment (`<!-- plangate:run -->`) in step with the loop. The App
 * created it at dispatch and keeps its own hidden lines there (the exactly-once dispatch
 * key), so those lines are carried over into every update. An API error never stops the
 * run: a read-only token or a missing issue ends the updates, anything else is retried at
 * the next step.
 */
class RunCommentReporter {
    octokit;
    target;
    options;
    preserved;
    disabled = false;
    constructor(octokit, target, options) {
        this.octokit = octokit;
        this.target = target;
        this.options = options;
    }
    update(state, prUrl) {
        return this.write((header) => renderRunMarkdown({ state, header, issue: this.target.issue, runUrl: this.options.runUrl, prUrl, maxLength: markdown/* LIMITS */.b.comment }));
    }
    /** The run could not start (config or plan rejected): say so where people are watching. */
    fail(message) {
        return this.write((header) => [...header, '### plangate ralph: ❌ failed before the first iteration', '', this.options.runUrl ? `[workflow run](${this.options.runUrl})\n` : '', (0,markdown_safe/* codeBlock */.DV)(message.slice(0, 20_000))].join('\n'));
    }
    async write(render) {
        if (this.disabled)
            return;
        const target = { owner: this.target.owner, repo: this.target.repo, issueNumber: this.target.issue, marker: RUN_COMMENT_MARKER };
        try {
            if (!this.preserved) {
                const [existing] = await (0,sticky_comment/* findMarkedComments */.e)(this.octokit, target);
                this.preserved = (existing?.body ?? '').split(/\r?\n/).filter((l) => HIDDEN_LINE.test(l.trim()) && l.trim() !== RUN_COMMENT_MARKER);
            }
            await (0,sticky_comment/* upsertStickyComment */.q)(this.octokit, target, render([RUN_COMMENT_MARKER, ...this.preserved]));
        }
        catch (error) {
            const status = (0,octokit_like/* statusOf */.c)(error);
            const why = error instanceof Error ? error.message : String(error);
            if (status === 403 || status === 404) {
                this.disabled = true;
                this.options.warn(`plangate ralph: the run comment on #${this.target.issue} is not updated any more (${status === 403 ? 'the token cannot write to the issue' : 'no such issue'}); the job summary and the result file still are.`);
            }
            else {
                this.options.warn(`plangate ralph: updating the run comment on #${this.target.issue} failed (${why}); the next step tries again.`);
            }
        }
    }
}

;// CONCATENATED MODULE: ./lib/core/ralph/judge-attempt.js
/**
 * A story passes only when the agent exited 0, every global verify command that passed
 * at baseline still passes, and every one of the story's own `verify[]` commands passes
 * (no baseline exemption for those). A global command that already failed before the
 * run never counts against the story.
 */
function judgeAttempt(story, facts) {
    const reasons = [];
    const failures = [];
    if (facts.agentTimedOut)
        reasons.push('the agent timed out');
    else if (facts.agentExitCode !== 0)
        reasons.push(`the agent exited with ${facts.agentExitCode ?? 'a signal'}`);
    const passedAtBaseline = new Set(facts.baseline.filter((b) => b.passed).map((b) => b.command));
    const globalResults = new Map(facts.results.filter((r) => r.scope === 'global').map((r) => [r.command, r]));
    for (const command of passedAtBaseline) {
        const result = globalResults.get(command);
        if (!result) {
            reasons.push(`\`${command}\` passed before the run and was not run after the attempt`);
            continue;
        }
        if (!result.passed) {
            reasons.push(`\`${command}\` passed before the run and fails now${describeExit(result)}`);
            failures.push(result);
        }
    }
    const storyResults = new Map(facts.results.filter((r) => r.scope === 'story').map((r) => [r.command, r]));
    for (const command of story.verify) {
        const result = storyResults.get(command);
        if (!result) {
            reasons.push(`story check \`${command}\` was not run`);
            continue;
        }
        if (!result.passed) {
            reasons.push(`story check \`${command}\` fails${describeExit(result)}`);
            failures.push(result);
        }
    }
    return { passes: reasons.length === 0, reasons, failures };
}
function describeExit(result) {
    if (result.timedOut)
        return ' (timed out)';
    return result.exitCode === null ? ' (killed)' : ` (exit ${result.exitCode})`;
}

;// CONCATENATED MODULE: ./lib/core/ralph/ralph-state.js
/**
 * The ralph loop's persisted state (`.plangate/ralph/<runId>/state.json`). Plain data:
 * the state machine (`ralph-machine.ts`) is its only writer.
 */
/**
 * How a run ends. `integrity_violation` is the spec's "the run stops with
 * integrity_violation": something other than the runner changed the state directory.
 */
const RALPH_OUTCOMES = ['completed', 'exhausted', 'blocked', 'failed', 'cancelled', 'integrity_violation'];
function createRalphState(input) {
    assertLimit('maxIterations', input.maxIterations);
    assertLimit('maxStoryAttempts', input.maxStoryAttempts);
    if (!input.stories.length)
        throw new RangeError('a ralph run needs at least one story');
    return {
        version: 1,
        runId: input.runId,
        plan: input.plan,
        maxIterations: input.maxIterations,
        maxStoryAttempts: input.maxStoryAttempts,
        iterations: 0,
        verify: [...input.verify],
        stories: input.stories.map((s, order) => ({
            id: s.id,
            title: s.title,
            description: s.description,
            criteria: [...s.criteria],
            priority: s.priority,
            order,
            verify: [...s.verify],
            passes: s.passes,
            attempts: 0,
            consecutiveMisses: 0,
        })),
        resumes: 0,
    };
}
function assertLimit(name, value) {
    if (!Number.isInteger(value) || value < 1)
        throw new RangeError(`${name} must be a whole number ≥ 1 (got ${value})`);
}
/** The next incomplete story: lowest priority number, then plan order. */
function nextIncompleteStory(state) {
    let best;
    for (const s of state.stories) {
        if (s.passes)
            continue;
        if (!best || s.priority < best.priority || (s.priority === best.priority && s.order < best.order))
            best = s;
    }
    return best;
}
function findStory(state, id) {
    return state.stories.find((s) => s.id === id);
}

;// CONCATENATED MODULE: ./lib/core/ralph/ralph-machine.js


/** An event that does not fit the state: a bug in the adapter, never repository content. */
class RalphProtocolError extends Error {
}
/**
 * A run whose state directory was tampered with is not trusted again. Every other ending
 * may be resumed: completed/blocked/exhausted simply end again unless the limits grew.
 */
const FINAL = new Set(['integrity_violation']);
/** The single decision point: state → next action. Pure. */
function nextRalphAction(state) {
    if (state.outcome)
        return { kind: 'stop', outcome: state.outcome, reason: state.reason ?? state.outcome };
    if (!state.baseline)
        return { kind: 'run_baseline', commands: [...state.verify] };
    const current = state.current;
    if (current?.phase === 'agent') {
        throw new RalphProtocolError(`iteration ${current.iteration} is waiting for its agent to finish`);
    }
    if (current?.phase === 'verify') {
        const story = findStory(state, current.storyId);
        return { kind: 'run_verify', story, commands: verifyCommands(state, story) };
    }
    const ended = endOfRun(state);
    if (ended)
        return { kind: 'stop', ...ended };
    const story = nextIncompleteStory(state);
    return { kind: 'invoke_agent', story, iteration: state.iterations + 1, attempt: story.attempts + 1 };
}
/** Applies one event; returns a new state (the input is not modified). Throws RalphProtocolError on a misfit. */
function applyRalphEvent(previous, event) {
    const state = structuredClone(previous);
    if (state.outcome && event.type !== 'resumed') {
        throw new RalphProtocolError(`the run already ended (${state.outcome}); ${event.type} does not apply`);
    }
    switch (event.type) {
        case 'baseline_recorded':
            if (state.baseline)
                throw new RalphProtocolError('the baseline is recorded once, before any change');
            state.baseline = event.results.map((r) => ({ ...r }));
            return state;
        case 'agent_started':
            return startIteration(state, event.storyId, event.iteration);
        case 'agent_finished':
            if (state.current?.phase !== 'agent')
                throw new RalphProtocolError('no agent is running');
            state.current = { ...state.current, phase: 'verify', agentExitCode: event.exitCode, agentTimedOut: event.timedOut };
            return state;
        case 'verify_finished':
            return judgeIteration(state, event.results);
        case 'cancelled':
            if (state.current)
                state.interrupted = state.current;
            delete state.current;
            return stop(state, 'cancelled', event.reason);
        case 'integrity_violated':
            delete state.current;
            return stop(state, 'integrity_violation', `the state directory was changed by something other than the runner: ${event.paths.join(', ')}`);
        case 'failed':
            delete state.current;
            return stop(state, 'failed', event.reason);
        case 'resumed':
            return resume(state, event);
    }
}
function startIteration(state, storyId, iteration) {
    const action = nextRalphAction(state);
    if (action.kind !== 'invoke_agent') {
        throw new RalphProtocolError(`no agent turn is due (next: ${action.kind}${action.kind === 'stop' ? ` ${action.outcome}` : ''})`);
    }
    if (iteration !== action.iteration || iteration > state.maxIterations) {
        throw new RalphProtocolError(`iteration ${iteration} refused: ${state.iterations} of ${state.maxIterations} agent turns used`);
    }
    if (storyId !== action.story.id)
        throw new RalphProtocolError(`story ${storyId} is not next (${action.story.id} is)`);
    state.iterations = iteration;
    findStory(state, storyId).attempts++;
    state.current = { storyId, iteration, phase: 'agent' };
    return state;
}
function judgeIteration(state, results) {
    const current = state.current;
    if (current?.phase !== 'verify')
        throw new RalphProtocolError('no attempt is waiting for its verify results');
    const story = findStory(state, current.storyId);
    const verdict = judgeAttempt(story, {
        agentExitCode: current.agentExitCode ?? null,
        agentTimedOut: current.agentTimedOut ?? false,
        baseline: state.baseline ?? [],
        results,
    });
    delete state.current;
    if (verdict.passes) {
        story.passes = true;
        story.consecutiveMisses = 0;
        story.passedAt = current.iteration;
        story.evidence = results.map((r) => ({ ...r }));
        delete story.lastMiss;
    }
    else {
        story.consecutiveMisses++;
        story.lastMiss = {
            iteration: current.iteration,
            reasons: verdict.reasons,
            failures: verdict.failures,
            agentExitCode: current.agentExitCode ?? null,
            agentTimedOut: current.agentTimedOut ?? false,
        };
    }
    const ended = endOfRun(state);
    return ended ? stop(state, ended.outcome, ended.reason) : state;
}
/** completed before blocked before exhausted: the most informative ending wins. */
function endOfRun(state) {
    if (state.stories.every((s) => s.passes))
        return { outcome: 'completed', reason: `all ${state.stories.length} stories pass` };
    const blocked = state.stories.find((s) => !s.passes && s.consecutiveMisses >= state.maxStoryAttempts);
    if (blocked)
        return { outcome: 'blocked', reason: `story ${blocked.id} missed ${blocked.consecutiveMisses} times in a row` };
    if (state.iterations >= state.maxIterations) {
        const open = state.stories.filter((s) => !s.passes).length;
        return { outcome: 'exhausted', reason: `all ${state.maxIterations} agent turns used; ${open} stor${open === 1 ? 'y' : 'ies'} still open` };
    }
    return undefined;
}
function stop(state, outcome, reason) {
    state.outcome = outcome;
    state.reason = reason;
    return state;
}
function resume(state, event) {
    if (state.outcome && FINAL.has(state.outcome))
        throw new RalphProtocolError(`a run that ended ${state.outcome} cannot be resumed`);
    if (state.current)
        throw new RalphProtocolError('a run with an iteration in flight cannot be resumed');
    if (event.maxIterations !== undefined) {
        assertLimit('maxIterations', event.maxIterations);
        state.maxIterations = event.maxIterations;
    }
    if (event.maxStoryAttempts !== undefined) {
        assertLimit('maxStoryAttempts', event.maxStoryAttempts);
        state.maxStoryAttempts = event.maxStoryAttempts;
    }
    delete state.outcome;
    delete state.reason;
    delete state.interrupted;
    state.resumes++;
    return state;
}
/** Global commands that passed at baseline (the others are not required) plus the story's own. */
function verifyCommands(state, story) {
    const global = (state.baseline ?? []).filter((b) => b.passed).map((b) => ({ command: b.command, scope: 'global' }));
    return [...global, ...story.verify.map((command) => ({ command, scope: 'story' }))];
}

;// CONCATENATED MODULE: ./lib/core/ralph/render-ralph-prompt.js

const DEFAULT_EXCERPT = 12_000;
const MAX_FAILURE_OUTPUT = 3_000;
/**
 * The prompt file the agent receives: the story, its criteria, the plan excerpt, the
 * commands that will judge the attempt, and why the previous attempt missed.
 */
function renderRalphPrompt(input) {
    const { state, story, iteration } = input;
    const storyIndex = state.stories.indexOf(story) + 1;
    const out = [
        `# Ralph iteration ${iteration}/${state.maxIterations}: story ${story.id}`,
        '',
        `Story ${storyIndex} of ${state.stories.length}, attempt ${story.attempts} of at most ${state.maxStoryAttempts} in a row.`,
        `Plan: ${state.plan}`,
        '',
        `## Story ${story.id}: ${story.title}`,
        '',
    ];
    if (story.description.trim())
        out.push(story.description.trim(), '');
    if (story.criteria.length) {
        out.push('### Acceptance criteria', '');
        for (const c of story.criteria)
            out.push(`- [ ] ${c}`);
        out.push('');
    }
    const mustPass = (state.baseline ?? []).filter((b) => b.passed).map((b) => b.command);
    const preExisting = (state.baseline ?? []).filter((b) => !b.passed).map((b) => b.command);
    out.push('## How this attempt is judged', '');
    out.push('The attempt passes only when you exit 0 and all of these commands pass afterwards:', '');
    for (const c of [...mustPass, ...story.verify])
        out.push(`- \`${c}\``);
    if (!mustPass.length && !story.verify.length)
        out.push('- (no verify commands: your exit status decides)');
    if (preExisting.length) {
        out.push('', 'These already failed before the run (they do not block this story):', '');
        for (const c of preExisting)
            out.push(`- \`${c}\``);
    }
    out.push('', 'Do not touch `.plangate/ralph/`: the runner stops the run if its state directory changes.', '');
    const miss = story.lastMiss;
    if (miss) {
        out.push(`## Why the previous attempt (iteration ${miss.iteration}) missed`, '');
        for (const r of miss.reasons)
            out.push(`- ${r}`);
        for (const f of miss.failures) {
            if (!f.outputTail)
                continue;
            out.push('', `Output of \`${f.command}\` (end):`, '', (0,markdown_safe/* codeBlock */.DV)(f.outputTail.slice(-MAX_FAILURE_OUTPUT)));
        }
        out.push('');
    }
    const done = state.stories.filter((s) => s.passes && s !== story);
    if (done.length) {
        out.push('## Stories already done (keep them passing)', '');
        for (const s of done)
            out.push(`- ${s.id}: ${s.title}`);
        out.push('');
    }
    const limit = input.planExcerptChars ?? DEFAULT_EXCERPT;
    const excerpt = input.planText.length > limit ? `${input.planText.slice(0, limit)}\n\n[… plan truncated; read ${state.plan} for the rest]` : input.planText;
    out.push('## Plan excerpt', '', (0,markdown_safe/* codeBlock */.DV)(excerpt), '');
    return out.join('\n');
}

;// CONCATENATED MODULE: ./lib/ralph/agent-env.js
/**
 * Names never passed to the agent or the verify commands unless `ralph.passEnv` lists them:
 * GitHub tokens, anything that looks like a token, secret, key or password, the runner's
 * own `ACTIONS_*` credentials, and the Action's `INPUT_*` values (`INPUT_GITHUB-TOKEN`).
 */
const WITHHELD = [
    /^GITHUB_TOKEN$/i,
    /^GH_TOKEN$/i,
    /^ACTIONS_/i,
    /^INPUT_/i,
    /[_-](?:TOKEN|SECRET|KEY|PASSWORD|PASSWD|CREDENTIALS?)$/i,
    /^(?:TOKEN|SECRET|PASSWORD)$/i,
];
function isWithheldEnvName(name) {
    return WITHHELD.some((re) => re.test(name));
}
/** The environment for child processes: the runner's own minus token-like names, plus `extra`. */
function childEnvironment(env, passEnv, extra = {}) {
    const allowed = new Set(passEnv);
    const out = {};
    for (const [name, value] of Object.entries(env)) {
        if (value === undefined)
            continue;
        if (isWithheldEnvName(name) && !allowed.has(name))
            continue;
        out[name] = value;
    }
    return { ...out, ...extra };
}

;// CONCATENATED MODULE: ./lib/ralph/fill-agent-template.js
/** Placeholders the agent command template may use. */
const AGENT_PLACEHOLDERS = (/* unused pure expression or super */ null && (['{prompt_file}', '{story_id}', '{workdir}']));
/**
 * The operator's template with each placeholder replaced by a single-quoted shell word.
 * The template itself is the operator's command and runs through `sh -c`; the values
 * (a story id comes from repository content) can never add shell syntax to it.
 */
function fillAgentTemplate(template, values) {
    return template
        .replaceAll('{prompt_file}', shellQuote(values.promptFile))
        .replaceAll('{story_id}', shellQuote(values.storyId))
        .replaceAll('{workdir}', shellQuote(values.workdir));
}
function shellQuote(value) {
    return `'${value.replaceAll("'", `'\\''`)}'`;
}

;// CONCATENATED MODULE: ./lib/ralph/run-command.js



const TAIL_BYTES = 4096;
const DEFAULT_MAX_LOG = 16 * 1024 * 1024;
/**
 * Runs `sh -c <command>` in its own process group, with a timeout, output captured to a
 * log file. When the command ends, whatever it left running in its group is killed too,
 * so nothing it started can touch the workdir after it was judged.
 */
function runCommand(options) {
    const started = Date.now();
    const fd = (0,external_node_fs_.openSync)(options.logFile, 'w');
    const hash = (0,external_node_crypto_.createHash)('sha256');
    const maxLog = options.maxLogBytes ?? DEFAULT_MAX_LOG;
    let logBytes = 0;
    let truncated = false;
    let tail = Buffer.alloc(0);
    const write = (bytes) => {
        if (logBytes + bytes.length > maxLog) {
            if (!truncated) {
                truncated = true;
                const note = Buffer.from('\n[plangate: log truncated]\n');
                (0,external_node_fs_.writeSync)(fd, note);
                hash.update(note);
                logBytes += note.length;
            }
            return;
        }
        (0,external_node_fs_.writeSync)(fd, bytes);
        hash.update(bytes);
        logBytes += bytes.length;
    };
    const onData = (chunk) => {
        write(chunk);
        tail = Buffer.concat([tail, chunk]);
        if (tail.length > TAIL_BYTES * 2)
            tail = tail.subarray(tail.length - TAIL_BYTES);
    };
    return new Promise((resolve) => {
        let timedOut = false;
        let aborted = false;
        let finished = false;
        const child = (0,external_node_child_process_.spawn)('sh', ['-c', options.command], { cwd: options.cwd, env: options.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
        const pid = child.pid;
        const killGroup = (signal) => {
            if (pid === undefined)
                return;
            try {
                process.kill(-pid, signal);
            }
            catch {
                // The group is already gone.
            }
        };
        let graceTimer;
        const terminate = () => {
            killGroup('SIGTERM');
            graceTimer ??= setTimeout(() => killGroup('SIGKILL'), options.killGraceMs ?? 2000);
        };
        const timer = setTimeout(() => {
            timedOut = true;
            terminate();
        }, options.timeoutMs);
        const onAbort = () => {
            aborted = true;
            terminate();
        };
        if (options.signal?.aborted)
            onAbort();
        else
            options.signal?.addEventListener('abort', onAbort, { once: true });
        if (pid !== undefined)
            options.onSpawn?.(pid);
        child.stdout.on('data', onData);
        child.stderr.on('data', onData);
        const finish = (exitCode, signal) => {
            if (finished)
                return;
            finished = true;
            clearTimeout(timer);
            if (graceTimer)
                clearTimeout(graceTimer);
            options.signal?.removeEventListener('abort', onAbort);
            killGroup('SIGKILL');
            (0,external_node_fs_.closeSync)(fd);
            resolve({
                exitCode,
                signal,
                timedOut,
                aborted,
                durationMs: Date.now() - started,
                outputTail: tail.subarray(Math.max(0, tail.length - TAIL_BYTES)).toString('utf8'),
                logSha256: hash.digest('hex'),
                logBytes,
            });
        };
        child.on('error', (error) => {
            write(Buffer.from(`[plangate: could not start sh: ${error.message}]\n`));
            finish(127, null);
        });
        // 'close' waits for the pipes; a background grandchild holding them open is killed with the group.
        child.on('exit', () => {
            setTimeout(() => {
                killGroup('SIGKILL');
            }, 200).unref();
        });
        child.on('close', (code, signal) => finish(code, signal));
    });
}

;// CONCATENATED MODULE: ./lib/ralph/read-ralph-state.js

/** state.json for `--resume`: parsed and checked for the fields the machine relies on. */
function readRalphState(store) {
    let raw;
    try {
        raw = store.readState();
    }
    catch (error) {
        return { ok: false, problem: `${store.statePath} cannot be read as JSON: ${error.message}` };
    }
    const problem = shapeProblem(raw, store.runId);
    if (problem)
        return { ok: false, problem: `${store.statePath} is not a ralph state: ${problem}` };
    const { savedAt: _savedAt, ...state } = raw;
    return { ok: true, state };
}
function shapeProblem(raw, runId) {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
        return 'not an object';
    const s = raw;
    if (s.version !== 1)
        return `version must be 1 (got ${JSON.stringify(s.version)})`;
    if (s.runId !== runId)
        return `runId ${JSON.stringify(s.runId)} does not match the directory ${runId}`;
    for (const key of ['maxIterations', 'maxStoryAttempts', 'iterations', 'resumes']) {
        if (!Number.isInteger(s[key]) || s[key] < 0)
            return `${key} must be a whole number`;
    }
    if (typeof s.plan !== 'string')
        return 'plan must be a string';
    if (!Array.isArray(s.verify) || !s.verify.every((v) => typeof v === 'string'))
        return 'verify must be a list of commands';
    if (!Array.isArray(s.stories) || !s.stories.length)
        return 'stories must be a non-empty list';
    for (const [i, story] of s.stories.entries()) {
        const st = story;
        if (typeof st?.id !== 'string' || typeof st.title !== 'string' || typeof st.passes !== 'boolean' || !Number.isInteger(st.attempts) || !Number.isInteger(st.consecutiveMisses) || !Array.isArray(st.verify)) {
            return `stories[${i}] lacks id, title, passes, attempts, consecutiveMisses or verify`;
        }
    }
    if (s.outcome !== undefined && !RALPH_OUTCOMES.includes(s.outcome))
        return `outcome ${JSON.stringify(s.outcome)} is unknown`;
    if (s.baseline !== undefined && !Array.isArray(s.baseline))
        return 'baseline must be a list';
    return undefined;
}

;// CONCATENATED MODULE: ./lib/ralph/state-dir.js



const STATE_DIR_ROOT = '.plangate/ralph';
const RUN_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
function isValidRunId(runId) {
    return RUN_ID.test(runId) && !runId.includes('..');
}
function stateDirOf(workdir, runId) {
    return (0,external_node_path_.join)(workdir, ...STATE_DIR_ROOT.split('/'), runId);
}
/**
 * `.plangate/ralph/<runId>/`: state.json written atomically (temp file + rename), an
 * append-only events.jsonl, prompts and logs. The runner records the sha256 of every
 * byte it writes here; `findTampering()` compares the directory with that record, so an
 * agent (or a verify command) that touches the directory is caught after its step.
 */
class StateDir {
    root;
    expected = new Map();
    eventsHash = (0,external_node_crypto_.createHash)('sha256');
    tempCounter = 0;
    constructor(root) {
        this.root = root;
    }
    /** A new run's directory; refuses to reuse one. */
    static create(workdir, runId) {
        const root = stateDirOf(workdir, runId);
        (0,external_node_fs_.mkdirSync)((0,external_node_path_.dirname)(root), { recursive: true });
        (0,external_node_fs_.mkdirSync)(root);
        (0,external_node_fs_.mkdirSync)((0,external_node_path_.join)(root, 'prompts'));
        (0,external_node_fs_.mkdirSync)((0,external_node_path_.join)(root, 'logs'));
        return new StateDir(root);
    }
    /**
     * An existing run's directory for `--resume`. What is on disk now becomes the record:
     * nothing outside the directory remembers it, so tampering between runs is not detectable.
     */
    static open(workdir, runId) {
        const dir = new StateDir(stateDirOf(workdir, runId));
        for (const [path, sha] of dir.hashFiles())
            dir.expected.set(path, sha);
        try {
            dir.eventsHash.update((0,external_node_fs_.readFileSync)((0,external_node_path_.join)(dir.root, 'events.jsonl')));
        }
        catch {
            // No events yet.
        }
        return dir;
    }
    get statePath() {
        return (0,external_node_path_.join)(this.root, 'state.json');
    }
    readState() {
        return JSON.parse((0,external_node_fs_.readFileSync)(this.statePath, 'utf8'));
    }
    /** Temp file + fsync + rename: a crash leaves the old or the new state, never half of one. */
    writeState(state, savedAt) {
        const text = `${JSON.stringify({ ...state, savedAt: savedAt.toISOString() }, null, 2)}\n`;
        const temp = (0,external_node_path_.join)(this.root, `.state.json.${process.pid}.${this.tempCounter++}.tmp`);
        const fd = (0,external_node_fs_.openSync)(temp, 'w');
        try {
            (0,external_node_fs_.writeSync)(fd, text);
            (0,external_node_fs_.fsyncSync)(fd);
        }
        finally {
            (0,external_node_fs_.closeSync)(fd);
        }
        (0,external_node_fs_.renameSync)(temp, this.statePath);
        this.expected.set('state.json', sha256(text));
    }
    appendEvent(event) {
        const line = `${JSON.stringify(event)}\n`;
        (0,external_node_fs_.appendFileSync)((0,external_node_path_.join)(this.root, 'events.jsonl'), line);
        this.eventsHash.update(line);
        this.expected.set('events.jsonl', this.eventsHash.copy().digest('hex'));
    }
    /** A file the runner writes (prompts); returns its absolute path. */
    writeFile(relPath, content) {
        const full = (0,external_node_path_.join)(this.root, ...relPath.split('/'));
        (0,external_node_fs_.mkdirSync)((0,external_node_path_.dirname)(full), { recursive: true });
        const fd = (0,external_node_fs_.openSync)(full, 'w');
        try {
            (0,external_node_fs_.writeSync)(fd, content);
        }
        finally {
            (0,external_node_fs_.closeSync)(fd);
        }
        this.expected.set(relPath, sha256(content));
        return full;
    }
    pathOf(relPath) {
        return (0,external_node_path_.join)(this.root, ...relPath.split('/'));
    }
    /** A file the runner wrote elsewhere (a streamed log) with the hash of what it wrote. */
    recordFile(relPath, sha) {
        this.expected.set(relPath, sha);
    }
    /** Paths added, removed or changed since the runner's own writes. Empty = intact. */
    findTampering() {
        const actual = this.hashFiles();
        const changed = new Set();
        for (const [path, sha] of actual)
            if (this.expected.get(path) !== sha)
                changed.add(path);
        for (const path of this.expected.keys())
            if (!actual.has(path))
                changed.add(path);
        return [...changed].sort().map((p) => `${STATE_DIR_ROOT}/${this.runId}/${p}`);
    }
    get runId() {
        return this.root.split(external_node_path_.sep).at(-1);
    }
    /** Every entry under the directory: files by content hash, anything else (a symlink, a fifo) by kind. */
    hashFiles() {
        const out = new Map();
        const pending = [this.root];
        while (pending.length) {
            const dir = pending.pop();
            let names;
            try {
                names = (0,external_node_fs_.readdirSync)(dir);
            }
            catch {
                continue;
            }
            for (const name of names) {
                const full = (0,external_node_path_.join)(dir, name);
                const rel = (0,external_node_path_.relative)(this.root, full).split(external_node_path_.sep).join('/');
                const stat = (0,external_node_fs_.lstatSync)(full, { throwIfNoEntry: false });
                if (!stat)
                    continue;
                if (stat.isDirectory())
                    pending.push(full);
                else if (stat.isFile())
                    out.set(rel, sha256((0,external_node_fs_.readFileSync)(full)));
                else
                    out.set(rel, `not-a-file:${stat.mode}`);
            }
        }
        return out;
    }
}
function sha256(data) {
    return (0,external_node_crypto_.createHash)('sha256').update(data).digest('hex');
}

;// CONCATENATED MODULE: ./lib/ralph/open-ralph-run.js









/** A problem that stops the run before it starts (usage-level: bad runId, nothing to resume). */
class RalphStartError extends Error {
}
/**
 * A new run (state dir created, git baseline of dirty paths, initial state written) or a
 * resumed one (state read and checked, `resumed` applied): the loop's starting point.
 */
async function openRalphRun(options, now) {
    if (options.resume) {
        if (!isValidRunId(options.resume))
            throw new RalphStartError(`--resume ${JSON.stringify(options.resume)} is not a run id`);
        if (!(0,external_node_fs_.existsSync)(stateDirOf(options.workdir, options.resume)))
            throw new RalphStartError(`no run ${options.resume} in ${stateDirOf(options.workdir, options.resume)}`);
        const store = StateDir.open(options.workdir, options.resume);
        const loaded = readRalphState(store);
        if (!loaded.ok)
            throw new RalphStartError(loaded.problem);
        let state;
        try {
            state = applyRalphEvent(loaded.state, { type: 'resumed', maxIterations: options.maxIterations, maxStoryAttempts: options.maxStoryAttempts });
        }
        catch (error) {
            throw new RalphStartError(`cannot resume ${options.resume}: ${error.message}`);
        }
        store.appendEvent({ at: now().toISOString(), type: 'resumed', maxIterations: state.maxIterations, maxStoryAttempts: state.maxStoryAttempts, iterations: state.iterations });
        store.writeState(state, now());
        const planText = options.planText ?? (await readPlanText(options.workdir, state.plan));
        return { store, initial: state, planText };
    }
    const plan = options.plan;
    if (!plan)
        throw new RalphStartError('a new run needs a plan');
    const runId = options.runId ?? newRunId(now());
    if (!isValidRunId(runId))
        throw new RalphStartError(`${JSON.stringify(runId)} is not a run id`);
    const initial = createRalphState({
        runId,
        plan: plan.prdPath,
        stories: plan.stories,
        verify: plan.verify,
        maxIterations: options.maxIterations ?? 10,
        maxStoryAttempts: options.maxStoryAttempts ?? 3,
    });
    const store = StateDir.create(options.workdir, runId);
    if (await isGitWorktree(options.workdir))
        store.writeFile('git-baseline.json', `${JSON.stringify(await listDirtyPaths(options.workdir), null, 2)}\n`);
    store.appendEvent({
        at: now().toISOString(),
        type: 'run_started',
        plan: plan.prdPath,
        testSpec: plan.testSpecPath,
        storySource: plan.storySource,
        storyFile: plan.storyFile,
        verifySource: plan.verifySource,
        maxIterations: initial.maxIterations,
        maxStoryAttempts: initial.maxStoryAttempts,
        iterations: 0,
    });
    store.writeState(initial, now());
    return { store, initial, planText: options.planText ?? plan.prdText };
}
/** The PRD named in a resumed state; only a path inside the workdir is read. */
async function readPlanText(workdir, plan) {
    if (plan.startsWith('/') || plan.split(/[\\/]/).includes('..'))
        return `(the plan path ${JSON.stringify(plan)} is outside the workdir and was not read)`;
    return (0,promises_.readFile)((0,external_node_path_.join)(workdir, ...plan.split('/')), 'utf8').catch(() => `(the plan ${plan} could not be read)`);
}
/** `20260501T120000Z-1a2b3c`: sortable, unique enough, safe as a directory name. */
function newRunId(at) {
    return `${at.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z')}-${(0,external_node_crypto_.randomBytes)(3).toString('hex')}`;
}

;// CONCATENATED MODULE: ./lib/ralph/run-ralph-loop.js









/**
 * The adapter around the pure machine: asks it for the next action, performs it (agent,
 * verify commands, files), checks the state directory, reports the event, persists the
 * state — the counter is written before the agent starts — and repeats until it stops.
 */
async function runRalphLoop(options) {
    const now = options.now ?? (() => new Date());
    const { store, initial, planText } = await openRalphRun(options, now);
    let state = initial;
    const persist = (event) => {
        store.appendEvent({ at: now().toISOString(), ...event, iterations: state.iterations });
        store.writeState(state, now());
    };
    const progress = async (step, story) => {
        try {
            await options.onProgress?.({ step, state, story });
        }
        catch (error) {
            options.onWarning?.(`progress update failed: ${error instanceof Error ? error.message : String(error)}`);
        }
    };
    const apply = (event) => {
        state = applyRalphEvent(state, event);
        persist(event);
    };
    /** After every step: the state dir must hold only what the runner wrote, and a cancel wins over the step's result. */
    const settle = (event) => {
        const tampered = store.findTampering();
        if (tampered.length) {
            apply({ type: 'integrity_violated', paths: tampered });
            return false;
        }
        if (options.signal?.aborted) {
            apply({ type: 'cancelled', reason: cancelReason(options.signal) });
            return false;
        }
        apply(event);
        return true;
    };
    const env = childEnvironment(options.env, options.passEnv, { PLANGATE_RALPH_RUN_ID: state.runId });
    await progress('started');
    try {
        for (;;) {
            // Tampering is checked in settle(), after each step that ran outside code.
            if (!state.outcome && options.signal?.aborted)
                apply({ type: 'cancelled', reason: cancelReason(options.signal) });
            const action = nextRalphAction(state);
            if (action.kind === 'stop')
                break;
            if (action.kind === 'run_baseline') {
                const results = [];
                for (const [i, command] of action.commands.entries()) {
                    if (options.signal?.aborted)
                        break;
                    results.push(toCommandResult(command, await run(command, `logs/baseline-${i + 1}.log`)));
                }
                if (settle({ type: 'baseline_recorded', results }))
                    await progress('baseline');
                continue;
            }
            if (action.kind === 'invoke_agent') {
                const { story, iteration } = action;
                apply({ type: 'agent_started', storyId: story.id, iteration });
                const promptRel = `prompts/iteration-${iteration}.md`;
                const promptFile = store.writeFile(promptRel, renderRalphPrompt({ state, story: findStory(state, story.id), iteration, planText }));
                await progress('iteration_started', findStory(state, story.id));
                const command = fillAgentTemplate(options.agent, { promptFile, storyId: story.id, workdir: options.workdir });
                const agent = await run(command, `logs/iteration-${iteration}-agent.log`, {
                    PLANGATE_RALPH_STORY_ID: story.id,
                    PLANGATE_RALPH_ITERATION: String(iteration),
                    PLANGATE_RALPH_PROMPT_FILE: promptFile,
                });
                settle({ type: 'agent_finished', exitCode: agent.exitCode, timedOut: agent.timedOut });
                continue;
            }
            const iteration = state.current.iteration;
            const results = [];
            for (const [i, c] of action.commands.entries()) {
                if (options.signal?.aborted)
                    break;
                const outcome = await run(c.command, `logs/iteration-${iteration}-verify-${i + 1}.log`);
                results.push({ ...toCommandResult(c.command, outcome), scope: c.scope });
            }
            if (settle({ type: 'verify_finished', results }))
                await progress('iteration_judged', findStory(state, action.story.id));
        }
    }
    catch (error) {
        if (!state.outcome) {
            state = applyRalphEvent(state, { type: 'failed', reason: `runner error: ${error instanceof Error ? error.message : String(error)}` });
            try {
                persist({ type: 'failed', reason: state.reason });
            }
            catch {
                // The state dir itself is broken; the result still reports the failure.
            }
        }
    }
    await progress('stopped');
    return { state, result: ralphResultOf(state), stateDir: store.root };
    async function run(command, logRel, extraEnv = {}) {
        const result = await runCommand({
            command,
            cwd: options.workdir,
            env: { ...env, ...extraEnv },
            timeoutMs: options.commandTimeoutMs,
            logFile: store.pathOf(logRel),
            signal: options.signal,
        });
        store.recordFile(logRel, result.logSha256);
        return result;
    }
}
function toCommandResult(command, r) {
    const result = { command, passed: r.exitCode === 0 && !r.timedOut, exitCode: r.exitCode };
    if (r.timedOut)
        result.timedOut = true;
    if (r.outputTail)
        result.outputTail = r.outputTail;
    return result;
}
function cancelReason(signal) {
    const reason = signal.reason;
    return typeof reason === 'string' ? reason : reason instanceof Error && !/aborted/i.test(reason.message) ? reason.message : 'the run was cancelled';
}

;// CONCATENATED MODULE: ./lib/ralph/termination-signal.js
/**
 * SIGTERM / SIGINT while the loop runs → an abort with a reason (the loop kills the
 * agent's process group, saves the state and ends `cancelled`). The handlers exist only
 * for the call, so the process's default signal behaviour comes back afterwards.
 */
async function withTerminationSignal(run) {
    const controller = new AbortController();
    const handlers = ['SIGTERM', 'SIGINT'].map((name) => {
        const handler = () => controller.abort(`${name} received`);
        process.on(name, handler);
        return [name, handler];
    });
    try {
        return await run(controller.signal);
    }
    finally {
        for (const [name, handler] of handlers)
            process.off(name, handler);
    }
}

;// CONCATENATED MODULE: ./lib/action/ralph-mode.js

















const RALPH_RESULT_FILE = 'plangate-ralph-result.json';
/**
 * `mode: ralph`: the bounded loop on the checkout, with the issue's run comment and the job
 * summary updated after every step, plangate-ralph-result.json written, outputs set and,
 * with `open-pr`, the work committed on its own branch and proposed as a pull request.
 */
async function runRalphMode(inputs) {
    const workspace = process.env.GITHUB_WORKSPACE ?? process.cwd();
    const workdir = (0,external_node_path_.resolve)(workspace, inputs.workingDirectory);
    const payload = github.context.payload;
    const dispatched = payload.inputs ?? {};
    const issue = inputs.ralph.issue ?? wholeNumber(dispatched.issue);
    const { owner, repo } = github.context.repo;
    const octokit = inputs.token ? github.getOctokit(inputs.token) : undefined;
    const serverUrl = process.env.GITHUB_SERVER_URL || 'https://github.com';
    const runUrl = process.env.GITHUB_RUN_ID ? `${serverUrl}/${owner}/${repo}/actions/runs/${process.env.GITHUB_RUN_ID}` : undefined;
    const reporter = octokit && issue ? new RunCommentReporter(octokit, { owner, repo, issue }, { runUrl, warn: (m) => core.warning(m) }) : undefined;
    const report = async (state, prUrl) => {
        await reporter?.update(state, prUrl);
        await core.summary.addRaw(renderRunMarkdown({ state, issue, runUrl, prUrl, maxLength: markdown/* LIMITS */.b.jobSummary - 1024 }), true).write({ overwrite: true });
    };
    const loaded = await loadRalphConfig(workdir, undefined, inputs.config);
    const failBeforeStart = async (message) => {
        await reporter?.fail(message);
        finish({ outcome: 'failed', iterations: 0, stories: [], runId: '', maxIterations: 0, plan: '', reason: message }, issue);
    };
    if (!loaded.ok)
        return failBeforeStart(`the config was rejected:\n${loaded.problems.join('\n')}`);
    const ralph = loaded.config.ralph;
    const planResult = await loadRalphPlan({
        snapshot: loaded.snapshot,
        config: loaded.config,
        plan: inputs.ralph.plan ?? ralph_mode_text(dispatched.plan),
        verify: inputs.ralph.verify.length ? inputs.ralph.verify : undefined,
    });
    if (!planResult.ok)
        return failBeforeStart(`cannot start:\n${planResult.problems.join('\n')}`);
    const dispatchedMax = ralph_mode_text(dispatched['max-iterations']);
    const maxFromDispatch = wholeNumber(dispatchedMax);
    if (!inputs.ralph.maxIterations && dispatchedMax !== undefined && (maxFromDispatch === undefined || maxFromDispatch > 1000)) {
        return failBeforeStart(`the workflow_dispatch input max-iterations must be a whole number from 1 to 1000 (got "${dispatchedMax}")`);
    }
    const plan = planResult.plan;
    plan.warnings.forEach((w) => core.warning(`plangate ralph: ${w}`));
    let publishing;
    if (inputs.ralph.openPr) {
        const defaultBranch = payload.repository?.default_branch ?? (await defaultBranchOf(octokit, owner, repo));
        const branch = ralphBranchName(issue, plan.slug);
        publishing = { branch, defaultBranch, startSha: await startRalphBranch(workdir, branch, defaultBranch) };
        core.info(`plangate ralph: working on ${branch} (from ${defaultBranch})`);
    }
    const run = await withTerminationSignal((signal) => runRalphLoop({
        workdir,
        agent: inputs.ralph.agent ?? ralph.agent,
        plan,
        maxIterations: inputs.ralph.maxIterations ?? maxFromDispatch ?? ralph.maxIterations,
        maxStoryAttempts: inputs.ralph.maxStoryAttempts ?? ralph.maxStoryAttempts,
        commandTimeoutMs: (inputs.ralph.timeoutMinutes ?? ralph.commandTimeoutMinutes) * 60_000,
        passEnv: [...ralph.passEnv, ...inputs.ralph.passEnv],
        env: process.env,
        signal,
        onProgress: async (progress) => {
            const line = formatProgressLine(progress);
            if (line)
                core.info(line);
            await report(progress.state);
        },
        onWarning: (m) => core.warning(`plangate ralph: ${m}`),
    }));
    let prUrl;
    const { state } = run;
    if (publishing && octokit && worthProposing(state)) {
        try {
            prUrl = await propose({ workdir, octokit, owner, repo, issue, plan, state, runUrl, serverUrl, stateDir: run.stateDir, ...publishing });
        }
        catch (error) {
            core.warning(`plangate ralph: no pull request was opened: ${error instanceof Error ? error.message : String(error)}`);
        }
    }
    else if (publishing) {
        core.info(`plangate ralph: no pull request (${!octokit ? 'no github-token' : `outcome ${state.outcome} with ${state.stories.filter((s) => s.passes).length} passing stories`})`);
    }
    const result = ralphResultOf(state, { prUrl });
    await report(state, prUrl);
    finish(result, issue);
}
/** A pull request is worth opening when the run made progress it did not have to distrust. */
function worthProposing(state) {
    const trusted = state.outcome === 'completed' || state.outcome === 'blocked' || state.outcome === 'exhausted';
    return trusted && state.stories.some((s) => s.passes);
}
async function propose(input) {
    const baseline = JSON.parse((0,external_node_fs_.readFileSync)((0,external_node_path_.join)(input.stateDir, 'git-baseline.json'), 'utf8'));
    const passing = input.state.stories.filter((s) => s.passes).map((s) => s.id);
    const title = `ralph: ${input.plan.slug}${input.issue ? ` (#${input.issue})` : ''}`;
    const pushed = await commitAndPushRalphBranch({
        workdir: input.workdir,
        branch: input.branch,
        defaultBranch: input.defaultBranch,
        startSha: input.startSha,
        baseline,
        message: `${title}\n\nStories passing: ${passing.join(', ') || 'none'}\nOutcome: ${input.state.outcome} (${input.state.iterations}/${input.state.maxIterations} iterations, run ${input.state.runId})\n`,
    });
    if (!pushed.headSha) {
        core.info('plangate ralph: the run changed no file; no pull request.');
        return undefined;
    }
    core.info(`plangate ralph: pushed ${input.branch} at ${pushed.headSha.slice(0, 12)} (${pushed.committedPaths.length} path(s))`);
    const pr = await createPullRequest(input.octokit, {
        owner: input.owner,
        repo: input.repo,
        head: input.branch,
        base: input.defaultBranch,
        title,
        draft: input.state.outcome !== 'completed',
        body: renderPrBody({
            state: input.state,
            issue: input.issue,
            blobUrl: `${input.serverUrl}/${input.owner}/${input.repo}/blob/${input.defaultBranch}/`,
            testSpec: input.plan.testSpecPath,
            runUrl: input.runUrl,
        }),
    });
    core.info(`plangate ralph: pull request ${pr.created ? 'opened' : 'already open'}: ${pr.html_url}`);
    return pr.html_url;
}
async function defaultBranchOf(octokit, owner, repo) {
    if (!octokit)
        throw new Error('open-pr needs the default branch: run on a workflow_dispatch/issue event or give github-token');
    const { data } = await octokit.request('GET /repos/{owner}/{repo}', { owner, repo });
    return data.default_branch;
}
/** Result file (RUNNER_TEMP for the artifact, the workspace for later steps), outputs, job status. */
function finish(result, issue) {
    const text = `${JSON.stringify({ ...result, ...(issue ? { issue } : {}) }, null, 2)}\n`;
    const tempPath = (0,external_node_path_.join)(process.env.RUNNER_TEMP || (0,external_node_os_.tmpdir)(), RALPH_RESULT_FILE);
    (0,external_node_fs_.writeFileSync)(tempPath, text);
    (0,external_node_fs_.writeFileSync)((0,external_node_path_.join)(process.env.GITHUB_WORKSPACE ?? process.cwd(), RALPH_RESULT_FILE), text);
    core.setOutput('outcome', result.outcome);
    core.setOutput('iterations', String(result.iterations));
    core.setOutput('pr-url', result.prUrl ?? '');
    core.setOutput('result-file', tempPath);
    if (result.outcome !== 'completed')
        core.setFailed(`plangate ralph: ${result.outcome}${result.reason ? ` — ${result.reason}` : ''}`);
}
function wholeNumber(value) {
    const t = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
    return /^\d+$/.test(t) && Number(t) >= 1 ? Number(t) : undefined;
}
function ralph_mode_text(value) {
    return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}


/***/ })

};
