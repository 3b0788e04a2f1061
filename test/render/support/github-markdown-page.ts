import { spawnSync } from 'node:child_process';

/**
 * GitHub renders comments with cmark-gfm (its fork of cmark) and these extensions; the
 * Debian package `cmark-gfm` is that renderer. `--unsafe` keeps the HTML GitHub allows
 * (`<details>`, `<summary>`, `<sub>`, `<code>`); `tagfilter` drops what GitHub drops.
 */
export const CMARK_GFM = 'cmark-gfm';
const EXTENSIONS = ['table', 'autolink', 'strikethrough', 'tagfilter', 'tasklist'];

/** Markdown → HTML the way GitHub's markdown stage does it (GitHub's HTML sanitising afterwards is not modelled). */
export function githubMarkdownToHtml(markdown: string): string {
  const result = spawnSync(CMARK_GFM, [...EXTENSIONS.flatMap((e) => ['-e', e]), '--unsafe'], {
    input: markdown,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error)
    throw new Error(
      `${CMARK_GFM} is needed to render markdown as GitHub does (Debian: apt-get install cmark-gfm): ${result.error.message}`,
    );
  if (result.status !== 0) throw new Error(`${CMARK_GFM} failed: ${result.stderr}`);
  return result.stdout;
}

/** A page that looks like a GitHub comment (the bot's name bar) or a job summary (the step's name), then the body with GitHub's markdown styles. */
export function githubCommentPage(
  bodyHtml: string,
  options: { author: string; title: string; width?: number; kind?: 'comment' | 'summary' },
): string {
  const bar =
    options.kind === 'summary'
      ? `<div class="comment-header"><strong>${escapeHtml(options.author)}</strong> <span class="muted">summary</span></div>`
      : `<div class="comment-header"><span class="avatar">pg</span><strong>${escapeHtml(options.author)}</strong> <span class="bot">bot</span> <span class="muted">commented</span></div>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(options.title)}</title>
<style>${GITHUB_STYLES}
body { width: ${options.width ?? 880}px; }
</style></head>
<body><div class="comment">
${bar}
<div class="markdown-body">${bodyHtml}</div>
</div></body></html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The parts of GitHub's light theme (primer/github-markdown-css) a plangate comment uses. */
const GITHUB_STYLES = `
* { box-sizing: border-box; }
body { margin: 16px; background: #ffffff; font-family: -apple-system, BlinkMacSystemFont, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif, "Apple Color Emoji", "Segoe UI Emoji", "Noto Color Emoji"; color: #1f2328; }
.comment { border: 1px solid #d1d9e0; border-radius: 6px; }
.comment-header { background: #f6f8fa; border-bottom: 1px solid #d1d9e0; border-radius: 6px 6px 0 0; padding: 8px 16px; font-size: 14px; display: flex; gap: 6px; align-items: center; }
.avatar { display: inline-flex; width: 20px; height: 20px; border-radius: 4px; background: #1f883d; color: #fff; font-size: 10px; font-weight: 600; align-items: center; justify-content: center; }
.bot { border: 1px solid #d1d9e0; border-radius: 2em; padding: 0 6px; font-size: 12px; color: #59636e; }
.muted { color: #59636e; }
.markdown-body { padding: 16px; font-size: 14px; line-height: 1.5; word-wrap: break-word; }
.markdown-body > *:first-child { margin-top: 0 !important; }
.markdown-body p, .markdown-body blockquote, .markdown-body ul, .markdown-body ol, .markdown-body table, .markdown-body pre, .markdown-body details { margin-top: 0; margin-bottom: 16px; }
.markdown-body h1, .markdown-body h2, .markdown-body h3, .markdown-body h4, .markdown-body h5, .markdown-body h6 { margin-top: 24px; margin-bottom: 16px; font-weight: 600; line-height: 1.25; }
.markdown-body h2 { font-size: 1.5em; padding-bottom: .3em; border-bottom: 1px solid #d1d9e0b3; }
.markdown-body h3 { font-size: 1.25em; }
.markdown-body h4 { font-size: 1em; }
.markdown-body h5 { font-size: .875em; }
.markdown-body h6 { font-size: .85em; color: #59636e; }
.markdown-body a { color: #0969da; text-decoration: none; }
.markdown-body a:hover { text-decoration: underline; }
.markdown-body code { padding: .2em .4em; margin: 0; font-size: 85%; white-space: break-spaces; background-color: #818b981f; border-radius: 6px; font-family: ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas, "Liberation Mono", "DejaVu Sans Mono", monospace; }
.markdown-body pre { padding: 16px; overflow: auto; font-size: 85%; line-height: 1.45; background-color: #f6f8fa; border-radius: 6px; }
.markdown-body pre code { padding: 0; background: transparent; white-space: pre; }
.markdown-body blockquote { padding: 0 1em; color: #59636e; border-left: .25em solid #d1d9e0; margin-left: 0; margin-right: 0; }
.markdown-body ul, .markdown-body ol { padding-left: 2em; }
.markdown-body li + li { margin-top: .25em; }
.markdown-body table { border-spacing: 0; border-collapse: collapse; display: block; width: max-content; max-width: 100%; overflow: auto; }
.markdown-body table th { font-weight: 600; }
.markdown-body table th, .markdown-body table td { padding: 6px 13px; border: 1px solid #d1d9e0; }
.markdown-body table tr { background-color: #ffffff; border-top: 1px solid #d1d9e0b3; }
.markdown-body table tr:nth-child(2n) { background-color: #f6f8fa; }
.markdown-body td[align="right"], .markdown-body th[align="right"] { text-align: right; }
.markdown-body details summary { cursor: pointer; display: list-item; }
.markdown-body sub { font-size: 75%; color: #1f2328; }
.markdown-body strong { font-weight: 600; }
`;
