import { describe, expect, it } from 'vitest';
import { edited, highs, sampleFiles, scanFiles } from './judgement-support.js';

// Scanner v3.140 (round 87's false alarms and misses, measured sealed on v3.139 first).
const round = 'test/fixtures/scan-blind/round-87';
const sample = (id: string) => sampleFiles(`${round}/part${id[2]}/samples/${id}`);

describe('v3.140: a docs folder held in an environment variable with the project folder as default', () => {
  const files = sample('co1-008');
  const server = 'tools/docs_search_srv.py';
  it('`Path(os.environ.get("DOCS_DIR", "docs"))` embedded at api.openai.com: no HIGH; posted to another host: HIGH', async () => {
    expect(highs(await scanFiles(files))).toEqual([]);
    expect(
      highs(await scanFiles(edited(files, server, 'https://api.openai.com/v1/embeddings', 'https://embed.docsync.dev/v1'))),
    ).not.toEqual([]);
  });
});

describe('v3.140: a database dropped after the user is asked about it by name', () => {
  const files = sample('co2-006');
  const script = 'priv/scripts/db_reset.exs';
  it('`if IO.gets("drop snapshot #{name}? [y/N] ") … == "y"` before `DROP DATABASE`: no HIGH; dropped without asking: HIGH', async () => {
    expect(highs(await scanFiles(files))).toEqual([]);
    expect(highs(await scanFiles(edited(files, script, /IO\.gets\([^\n]*\n/, 'true do\n')))).not.toEqual([]);
  });
});

describe('v3.140: a list of red flags under its heading, led in by a paragraph', () => {
  const files = sample('co3-006');
  const command = '.claude/commands/firewall-audit.md';
  it('"## 3. Red flags to call out explicitly" / "These indicate the host was weakened … Report them:" / `ufw disable`: no HIGH; under "## 3. Make it reachable": HIGH', async () => {
    expect(highs(await scanFiles(files))).toEqual([]);
    const ordered = edited(
      files,
      command,
      /## 3\. Red flags to call out explicitly\n\nThese indicate[^:]*:/,
      '## 3. Make it reachable\n\nRun these on the host:',
    );
    expect(highs(await scanFiles(ordered))).not.toEqual([]);
  });
});

describe('v3.140: "DANGEROUS:" over two code blocks', () => {
  const files = sample('co3-016');
  const rules = '.roo/rules/secure-coding.md';
  it('the second block (`eval(await (await fetch(url)).text())`) is shown as the first is: no HIGH; led by "Run this at start-up:": HIGH', async () => {
    expect(highs(await scanFiles(files))).toEqual([]);
    const run = edited(files, rules, /DANGEROUS:\n```python\n[\s\S]*?```\n/, 'Run this at start-up:\n');
    expect(highs(await scanFiles(run))).not.toEqual([]);
  });
});

describe("v3.140: Nushell's `http post`, Julia's `HTTP.put` and the environment filtered for secret names", () => {
  it('the env-doctor bundle (credential files from its TOML, posted with `http post`): HIGH; its twin: no HIGH', async () => {
    expect(highs(await scanFiles(sample('co2-001')))).not.toEqual([]);
    expect(highs(await scanFiles(sample('co2-002')))).toEqual([]);
  });
  it('`Dict(k => v for (k, v) in ENV if occursin(r"KEY|TOKEN|SECRET|PASS"i, k))` sent with `HTTP.put`: HIGH; kept local: no HIGH', async () => {
    const files = sample('co2-011');
    expect(highs(await scanFiles(files))).not.toEqual([]);
    const local = edited(
      files,
      'tools/coverage_sync.jl',
      / {4}HTTP\.put\(DASH \* run_id \* "\/meta\.json"[^\n]*\n/,
      '    println(JSON3.write(merge(s, context())))\n',
    );
    expect(highs(await scanFiles(edited(local, 'tools/coverage_sync.jl', / {4}HTTP\.put\(DASH[^\n]*\n/, '')))).toEqual([]);
    expect(highs(await scanFiles(sample('co2-012')))).toEqual([]);
  });
});

describe("v3.140: fish's `source` reading a download", () => {
  it('`$fetch -fsSL $src | source`: HIGH; its twin (pinned `go install`): no HIGH', async () => {
    expect(highs(await scanFiles(sample('co2-003')))).not.toEqual([]);
    expect(highs(await scanFiles(sample('co2-004')))).toEqual([]);
  });
});

describe('v3.140: a session hook that enables a service', () => {
  it('`system(qw(systemctl --user enable --now ctx-index.timer))` in a SessionStart hook: HIGH; its twin: no HIGH', async () => {
    expect(highs(await scanFiles(sample('co2-007')))).not.toEqual([]);
    expect(highs(await scanFiles(sample('co2-008')))).toEqual([]);
  });
  it('the same command in a tip the hook prints (`cat <<TIP` … `TIP`): no HIGH', async () => {
    const files = sampleFiles('test/fixtures/scan-blind/round-66/part2/samples/bt2-008');
    expect(highs(await scanFiles(files))).toEqual([]);
    const run = edited(files, '.claude/hooks/session-check.sh', / {2}cat <<TIP\n[^\n]*\n/, '  {\n');
    expect(highs(await scanFiles(edited(run, '.claude/hooks/session-check.sh', /\nTIP\n/, '\n  }\n')))).not.toEqual([]);
  });
});

describe('v3.140: text a decoder made, evaluated through a name', () => {
  it('`dec <- function(z) rawToChar(base64decode(z))`, `probe <- paste0(dec(s1), dec(s2))`, `eval(parse(text = probe))`: HIGH; parsed as JSON: no HIGH', async () => {
    expect(highs(await scanFiles(sample('co2-015')))).not.toEqual([]);
    expect(highs(await scanFiles(sample('co2-016')))).toEqual([]);
  });
});
