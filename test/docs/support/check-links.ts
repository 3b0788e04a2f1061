import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { toString } from 'mdast-util-to-string';

/** This repository on GitHub: links to it are checked like relative ones. */
const OWN_URLS = [
  /^https:\/\/github\.com\/plangate\/plangate\/(?:blob|tree)\/main\/([^#?]*)(#.*)?$/,
  /^https:\/\/raw\.githubusercontent\.com\/plangate\/plangate\/main\/([^#?]*)(#.*)?$/,
];

interface MdNode {
  type: string;
  url?: string;
  value?: string;
  depth?: number;
  children?: MdNode[];
  position?: { start: { line: number } };
}

/**
 * GitHub's heading ids (github-slugger): lower case, everything but letters, marks, numbers,
 * `_`, `-` and spaces dropped, each space a `-`; a repeated id gets `-1`, `-2`, ….
 */
export function githubSlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

const anchorCache = new Map<string, Set<string>>();

/** Every id a link may point at in a markdown file: heading slugs and explicit `<a id>` / `<a name>`. */
export function anchorsOf(file: string): Set<string> {
  let anchors = anchorCache.get(file);
  if (anchors) return anchors;
  anchors = new Set();
  const seen = new Map<string, number>();
  for (const node of walk(fromMarkdown(readFileSync(file, 'utf8')) as MdNode)) {
    if (node.type === 'heading') {
      const base = githubSlug(toString(node));
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      anchors.add(n ? `${base}-${n}` : base);
    }
    if (node.type === 'html') for (const m of node.value!.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(m[1]!.toLowerCase());
  }
  anchorCache.set(file, anchors);
  return anchors;
}

/** Links of a markdown file: links, images, definitions, and `href`/`src` in raw HTML, with their lines. */
export function linksOf(file: string): { url: string; line: number }[] {
  const links: { url: string; line: number }[] = [];
  for (const node of walk(fromMarkdown(readFileSync(file, 'utf8')) as MdNode)) {
    const line = node.position?.start.line ?? 0;
    if ((node.type === 'link' || node.type === 'image' || node.type === 'definition') && node.url) links.push({ url: node.url, line });
    if (node.type === 'html') for (const m of node.value!.matchAll(/(?:href|src)="([^"]+)"/g)) links.push({ url: m[1]!, line });
  }
  return links;
}

/** Why a link does not resolve (file or anchor), or undefined when it does; external links are not followed. */
export function brokenReason(url: string, fromFile: string, root: string): string | undefined {
  let target: string;
  let anchor: string | undefined;
  const own = OWN_URLS.map((re) => re.exec(url)).find(Boolean);
  if (own) {
    target = resolve(root, decodeURIComponent(own[1]!));
    anchor = own[2]?.slice(1);
  } else if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//')) {
    return undefined;
  } else {
    const [path = '', hash] = url.split('#');
    target = path ? resolve(dirname(fromFile), decodeURIComponent(path.split('?')[0]!)) : fromFile;
    anchor = hash;
  }
  if (!target.startsWith(root)) return `points outside the repository (${target})`;
  if (!existsSync(target)) return `${relative(root, target) || '.'} does not exist`;
  if (anchor === undefined || anchor === '') return undefined;
  if (statSync(target).isDirectory() || !target.endsWith('.md')) return `#${anchor} on ${relative(root, target)}, which has no headings`;
  const id = decodeURIComponent(anchor).toLowerCase();
  return anchorsOf(target).has(id) ? undefined : `${relative(root, target)} has no heading or anchor #${anchor}`;
}

function* walk(root: MdNode): Generator<MdNode> {
  const stack: MdNode[] = [root];
  while (stack.length) {
    const node = stack.pop()!;
    yield node;
    if (node.children) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
}
