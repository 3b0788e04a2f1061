export { LIMITS } from './markdown/limits.js';
export { renderMarkdown, type MarkdownOptions } from './markdown/render-markdown.js';
