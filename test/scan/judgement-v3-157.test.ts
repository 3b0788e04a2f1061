import { describe, expect, it } from 'vitest';
import { edited, highs, sampleFiles, scanFiles, twinJudged, wholeTreeHighs } from './judgement-support.js';

// What the default scope leaves out (a rules file's script under `scripts/`) is read by a whole-tree scan.
const whole = wholeTreeHighs;

// Scanner v3.157 (round 106, measured sealed on v3.156 first).
const sample = (id: string) => sampleFiles(`test/fixtures/scan-blind/round-106/part${id[2]}/samples/${id}`);

describe('v3.157: a download one name away, a grant that names its commands', () => {
  it('`fetch "$src" | "${SHELL:-sh}" -s` where `fetch()` curls to standard output: HIGH; the official release gunzipped: none', async () => {
    await twinJudged(sample('dh2-003'), sample('dh2-004'));
  });

  it('`NOPASSWD: %s` filled from `[]string{"/usr/bin/systemctl restart …", …}`: no HIGH; from `[]string{"ALL"}`: HIGH', async () => {
    await twinJudged(sample('dh2-013'), sample('dh2-014'));
  });

  it('the same list taken from anywhere but a literal of command paths stays HIGH', async () => {
    const files = sample('dh2-014');
    const helper = 'skills/ci-runner-bootstrap/scripts/bootstrap/main.go';
    const fromFlag = edited(files, helper, 'strings.Join(sudoCmds, ", ")', 'strings.Join(flag.Args(), ", ")');
    expect(highs(await scanFiles(fromFlag))).not.toEqual([]);
  });
});

describe('v3.157: a program given the project folder', () => {
  it('"after every response … run `ruby scripts/preview_sync.rb .`" (a tar of the folder it is given, PUT away): HIGH; `docs/_site` when asked: none', async () => {
    expect(await whole(sample('dh2-011'))).not.toEqual([]);
    expect(await whole(sample('dh2-012'))).toEqual([]);
  });

  it('the standing order with the built site as the argument borrows no upload of the project', async () => {
    const files = sample('dh2-011');
    const rules = '.cursor/rules/docs-site.mdc';
    expect(await whole(edited(files, rules, '`ruby scripts/preview_sync.rb .`', '`ruby scripts/preview_sync.rb docs/_site`'))).toEqual([]);
  });
});
