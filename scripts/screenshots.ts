/**
 * Screenshots of the PR comment and the job summary for a blocked pull request with about 200
 * findings (new and pre-existing), rendered the way GitHub renders them: cmark-gfm (GitHub's
 * markdown engine, Debian package `cmark-gfm`) and GitHub's comment styles, in headless
 * Chromium (Debian package `chromium`). Run: `npm run screenshots`; writes docs/images/*.png.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { LIMITS, renderMarkdown } from '../src/render/markdown.js';
import { BLOCKED_PR_LINKS, blockedPullRequestReport } from '../test/render/support/blocked-pull-request.js';
import { githubCommentPage, githubMarkdownToHtml } from '../test/render/support/github-markdown-page.js';

const OUT = resolve(import.meta.dirname, '../docs/images');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

interface Shot {
  file: string;
  markdown: string;
  author: string;
  kind?: 'comment' | 'summary';
  /** Open every <details> before the picture. */
  expand?: boolean;
  /** Start the picture this many pixels above the first `<details>` (the folded part) instead of at the top. */
  fromFoldedPart?: number;
  /** Keep only this many pixels, for a picture that reads at a glance. */
  maxHeight?: number;
}

async function main(): Promise<void> {
  const { report, changedLines } = await blockedPullRequestReport();
  const comment = renderMarkdown(report, {
    maxLength: LIMITS.comment,
    header: '<!-- plangate:gate -->',
    links: BLOCKED_PR_LINKS,
    changedLines,
    changeLabel: 'this pull request',
    fullReport: '[the plangate check run](https://github.com/acme/widgets/runs/1)',
  });
  const summary = renderMarkdown(report, {
    maxLength: LIMITS.jobSummary - 1024,
    links: BLOCKED_PR_LINKS,
    changedLines,
    changeLabel: 'this pull request',
  });
  const shots: Shot[] = [
    { file: 'pr-comment-blocked.png', markdown: comment, author: 'plangate', maxHeight: 2200 },
    { file: 'pr-comment-blocked-folded.png', markdown: comment, author: 'plangate', fromFoldedPart: 600 },
    { file: 'pr-comment-blocked-expanded.png', markdown: comment, author: 'plangate', expand: true, fromFoldedPart: 40, maxHeight: 1800 },
    { file: 'job-summary-blocked.png', markdown: summary, author: 'plangate', kind: 'summary', maxHeight: 1400 },
  ];
  mkdirSync(OUT, { recursive: true });
  const work = mkdtempSync(join(tmpdir(), 'plangate-shots-'));
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 920, height: 900 }, deviceScaleFactor: 1 });
    for (const shot of shots) {
      const html = join(work, `${shot.file}.html`);
      writeFileSync(
        html,
        githubCommentPage(githubMarkdownToHtml(shot.markdown), { author: shot.author, title: shot.file, kind: shot.kind }),
      );
      writeFileSync(join(work, `${shot.file}.md`), shot.markdown);
      await page.goto(`file://${html}`);
      if (shot.expand) await page.evaluate(() => document.querySelectorAll('details').forEach((d) => d.setAttribute('open', '')));
      if (!shot.expand) await page.evaluate(() => document.querySelectorAll('details').forEach((d) => d.removeAttribute('open')));
      const height = await page.evaluate(() => document.body.scrollHeight);
      const foldedAt = await page.evaluate(() => document.querySelector('details')?.getBoundingClientRect().top ?? 0);
      const y = shot.fromFoldedPart === undefined ? 0 : Math.max(0, Math.round(foldedAt) - shot.fromFoldedPart);
      const clip = { x: 0, y, width: 920, height: Math.min(height + 16 - y, shot.maxHeight ?? Number.POSITIVE_INFINITY) };
      await page.screenshot({ path: join(OUT, shot.file), clip, fullPage: true });
      console.log(`docs/images/${shot.file}: ${clip.height}px from ${y} of ${height}px (${shot.markdown.length} characters of markdown)`);
    }
  } finally {
    await browser.close();
    if (!process.env.KEEP_HTML) rmSync(work, { recursive: true, force: true });
    else console.log(`pages kept in ${work}`);
  }
}

await main();
