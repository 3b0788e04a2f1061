import { deref, type OpenApiDocument, type OpenApiOperation, type OpenApiParameter } from './openapi-types.js';

export type RouteMatch =
  | { kind: 'ok'; template: string; operation: OpenApiOperation; params: Record<string, string> }
  | { kind: 'unknown-method'; template: string }
  | { kind: 'unknown-route' };

interface PatternChild {
  regex: RegExp;
  node: TrieNode;
}

interface TrieNode {
  literal: Map<string, TrieNode>;
  patterns: PatternChild[];
  param?: TrieNode;
  multi?: TrieNode;
  /** The template ending here and its parameter names in path order (slots are shared between templates). */
  template?: { path: string; names: string[] };
}

const newNode = (): TrieNode => ({ literal: new Map(), patterns: [] });
const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Every path template of the description in a segment trie, built once. Matching prefers
 * literal segments, then partial patterns (`{base}...{head}`), then `{param}`, then
 * multi-segment params (`contents/{path}`), consuming as few segments as possible.
 */
export class RouteIndex {
  private readonly root = newNode();

  constructor(private readonly doc: OpenApiDocument) {
    for (const [template, ops] of Object.entries(doc.paths)) this.add(template, ops);
  }

  has(method: string, template: string): boolean {
    return Boolean(this.doc.paths[template]?.[method.toLowerCase()]);
  }

  match(method: string, pathname: string): RouteMatch {
    let segments: string[];
    try {
      segments = pathname
        .replace(/^\/+|\/+$/g, '')
        .split('/')
        .map(decodeURIComponent);
    } catch {
      return { kind: 'unknown-route' };
    }
    const candidates = this.candidates(segments);
    if (!candidates.length) return { kind: 'unknown-route' };
    for (const { template, params } of candidates) {
      const operation = this.doc.paths[template]?.[method.toLowerCase()];
      if (operation) return { kind: 'ok', template, operation, params };
    }
    return { kind: 'unknown-method', template: candidates[0]!.template };
  }

  private add(template: string, ops: Record<string, OpenApiOperation>): void {
    const multiNames = new Set<string>();
    for (const op of Object.values(ops)) {
      for (const p of op.parameters ?? []) {
        const param = deref<OpenApiParameter>(this.doc, p);
        if (param['x-multi-segment']) multiNames.add(param.name);
      }
    }
    let node = this.root;
    const names: string[] = [];
    for (const segment of template.replace(/^\//, '').split('/')) {
      const whole = /^\{([^}]+)\}$/.exec(segment);
      if (whole) {
        names.push(whole[1]!);
        const slot = multiNames.has(whole[1]!) ? 'multi' : 'param';
        node = node[slot] ??= newNode();
      } else if (segment.includes('{')) {
        const source = segment.replace(/\{([^}]+)\}|[^{]+/g, (m, name: string | undefined) =>
          name ? (names.push(name), '(.+?)') : escapeRegex(m),
        );
        const regex = new RegExp(`^${source}$`);
        let child = node.patterns.find((p) => p.regex.source === regex.source);
        if (!child) node.patterns.push((child = { regex, node: newNode() }));
        node = child.node;
      } else {
        let next = node.literal.get(segment);
        if (!next) node.literal.set(segment, (next = newNode()));
        node = next;
      }
    }
    node.template = { path: template, names };
  }

  /** All templates matching the path, best first. Depth is bounded by the templates, not the request. */
  private candidates(segments: string[]): { template: string; params: Record<string, string> }[] {
    const out: { template: string; params: Record<string, string> }[] = [];
    const walk = (node: TrieNode, i: number, values: string[]): void => {
      if (i === segments.length) {
        if (node.template)
          out.push({ template: node.template.path, params: Object.fromEntries(node.template.names.map((n, k) => [n, values[k]!])) });
        return;
      }
      const segment = segments[i]!;
      const literal = node.literal.get(segment);
      if (literal) walk(literal, i + 1, values);
      for (const p of node.patterns) {
        const m = p.regex.exec(segment);
        if (m) walk(p.node, i + 1, [...values, ...m.slice(1)]);
      }
      if (node.param && segment !== '') walk(node.param, i + 1, [...values, segment]);
      if (node.multi) {
        // Shortest first: `commits/{ref}/check-runs` wins over `commits/{ref}` with ref = `main/check-runs`.
        for (let end = i + 1; end <= segments.length; end++) walk(node.multi, end, [...values, segments.slice(i, end).join('/')]);
      }
    };
    walk(this.root, 0, []);
    return out;
  }
}
