/** Where a finding's file lives on GitHub: the repository, the commit the findings were made on, and the checked folder. */
export interface SourceLinks {
  /** `https://github.com/owner/repo` (no trailing slash). */
  repositoryUrl: string;
  /** The head commit: a link must show the lines that were judged, not the branch's later state. */
  sha: string;
  /** The checked folder inside the repository (the Action's `working-directory`), when not the root. */
  root?: string;
}

/** `…/blob/<sha>/<path>#L12-L14`: each path segment percent-encoded, so no file name can end the markdown link. */
export function blobUrl(links: SourceLinks, file: string, line?: number, endLine?: number): string {
  const root = (links.root ?? '').replace(/^\.?\/+|\/+$/g, '').replace(/^\.$/, '');
  const path = [...(root ? root.split('/') : []), ...file.split('/')].map(encodeURIComponent).join('/');
  const anchor = line ? `#L${line}${endLine && endLine > line ? `-L${endLine}` : ''}` : '';
  return `${links.repositoryUrl.replace(/\/+$/, '')}/blob/${encodeURIComponent(links.sha)}/${path}${anchor}`.replace(
    /[()]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** Source links from the old `blobUrl` option (`https://github.com/o/r/blob/<sha>/`). */
export function linksFromBlobPrefix(prefix: string): SourceLinks | undefined {
  const m = /^(https:\/\/[^/]+\/[^/]+\/[^/]+)\/blob\/([^/]+)\/$/.exec(prefix);
  return m ? { repositoryUrl: m[1]!, sha: decodeURIComponent(m[2]!) } : undefined;
}
