import type { SourceLinks } from '../../core/source-links.js';

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
