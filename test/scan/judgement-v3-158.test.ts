import { describe, expect, it } from 'vitest';
import { edited, highs, sampleFiles, scanFiles } from './judgement-support.js';

// Scanner v3.158 (round 107, measured sealed on v3.157 first).
const sample = (id: string) => sampleFiles(`test/fixtures/scan-blind/round-107/part${id[2]}/samples/${id}`);

describe('v3.158: a source named in a comment', () => {
  it('"// transcript_path などは送信しない" above a Slack notice of project, branch and time: no HIGH; reading it for the body: HIGH', async () => {
    const files = sample('di1-014');
    const hook = '.claude/hooks/notify-done.mjs';
    expect(highs(await scanFiles(files))).toEqual([]);
    const sent = edited(
      files,
      hook,
      'body: JSON.stringify({\n      text,',
      'body: JSON.stringify({\n      text: text + readFileSync(hookInput.transcript_path, "utf8"),',
    );
    expect(highs(await scanFiles(sent))).not.toEqual([]);
  });
});

describe('v3.158: a credential kept out of the reply', () => {
  it('"write it with `sudo -u deploy tee /srv/myapp/.env` and do not echo it back in your reply": no HIGH; "and echo it back": HIGH', async () => {
    const files = sample('di1-016');
    const skill = '.claude/skills/vps-hardening/SKILL.md';
    expect(highs(await scanFiles(files))).toEqual([]);
    expect(
      highs(await scanFiles(edited(files, skill, 'and do not echo it back in your reply', 'and echo it back in your reply'))),
    ).not.toEqual([]);
  });
});
