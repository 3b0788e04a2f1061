import { parseDocument, isMap, type Document } from 'yaml';
import type { ConfigProblem } from './problems.js';
import { LineIndex } from '../text.js';

/** Aliases are allowed but bounded, so a YAML bomb cannot expand without limit. */
export const MAX_YAML_ALIASES = 100;

export interface ParsedConfigText {
  raw?: unknown;
  doc?: Document;
  problems: ConfigProblem[];
}

/** YAML text → plain data, or problems with their lines. Never throws; never builds custom tags. */
export function parseConfigText(text: string, file: string): ParsedConfigText {
  let doc: Document;
  try {
    doc = parseDocument(text, { uniqueKeys: true, prettyErrors: false, customTags: [] });
  } catch (error) {
    return { problems: [{ file, path: '', expected: 'valid YAML', got: 'unparseable text', message: String(error) }] };
  }
  const index = new LineIndex(text);
  const problems: ConfigProblem[] = doc.errors.map((e) => {
    const pos = index.position(e.pos[0]);
    return { file, path: '', expected: 'valid YAML', got: e.code, message: e.message.split('\n')[0] ?? e.message, ...pos };
  });
  for (const w of doc.warnings) {
    if (w.code === 'TAG_RESOLVE_FAILED') {
      const pos = index.position(w.pos[0]);
      problems.push({
        file,
        path: '',
        expected: 'plain YAML without custom tags',
        got: 'a custom tag',
        message: w.message.split('\n')[0] ?? w.message,
        ...pos,
      });
    }
  }
  if (problems.length) return { problems };
  if (doc.contents === null) return { raw: {}, doc, problems };
  if (!isMap(doc.contents)) {
    return {
      problems: [
        { file, path: '', expected: 'a mapping at the top level', got: 'another YAML value', message: 'config must be a mapping', line: 1 },
      ],
    };
  }
  try {
    return { raw: doc.toJS({ maxAliasCount: MAX_YAML_ALIASES }), doc, problems };
  } catch (error) {
    return {
      problems: [
        { file, path: '', expected: `at most ${MAX_YAML_ALIASES} alias expansions`, got: 'too many', message: (error as Error).message },
      ],
    };
  }
}

/** Line and column of a config path, when the YAML document has it. */
export function locateConfigPath(doc: Document | undefined, text: string, path: (string | number)[]): { line?: number; column?: number } {
  if (!doc) return {};
  const index = new LineIndex(text);
  for (let len = path.length; len >= 0; len--) {
    const node = doc.getIn(path.slice(0, len), true) as { range?: [number, number, number] } | undefined;
    if (node && typeof node === 'object' && node.range) return index.position(node.range[0]);
  }
  return {};
}
