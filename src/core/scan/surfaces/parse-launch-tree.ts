import { visit, type JSONVisitor, type Node, type ParseError, type ParseOptions } from 'jsonc-parser';

export interface LaunchTreeOptions extends ParseOptions {
  /** Top-level keys whose object values map names to servers (`mcpServers`, …). */
  serverMaps: ReadonlySet<string>;
  /** Asked before each member of a server map is built (with the map as built so far): false skips the member. */
  keepMembers: (map: Node) => boolean;
}

export interface LaunchTree {
  root: Node | undefined;
  /** Members of server maps that were skipped (not built), and where the first one starts: the file declares more than its tree shows. */
  skipped?: { count: number; offset: number };
}

/**
 * jsonc-parser's `parseTree` (the same nodes, offsets and errors), except that a server map stops
 * growing once `keepMembers` says it holds enough: a config padded with thousands of servers costs
 * a scan of its text, not a node per value. Errors inside a skipped member are not reported (the
 * caller reports that members were skipped).
 */
export function parseLaunchTree(text: string, errors: ParseError[], options: LaunchTreeOptions): LaunchTree {
  const top: TreeNode = { type: 'array', offset: -1, length: -1, children: [] };
  let parent: TreeNode = top;
  let skipped: LaunchTree['skipped'];
  /** A member is being skipped: its value is the next literal, or the object or array begun next. */
  let skipping = false;
  /** Its value's begin returned false: the visitor hides what is inside, so the next end is that value's. */
  let hidden = false;
  const push = (node: TreeNode) => {
    parent.children!.push(node);
    return node;
  };
  const completeProperty = (end: number) => {
    if (parent.type === 'property') {
      parent.length = end - parent.offset;
      parent = parent.parent!;
    }
  };
  const isServerMap = (node: TreeNode) =>
    node.type === 'object' &&
    node.parent?.type === 'property' &&
    node.parent.parent?.parent === top &&
    options.serverMaps.has(node.parent.children![0]!.value as string);
  /** Whether an end closes the skipped member's hidden value (else, when its value was missing, it closes the map). */
  const endsSkipped = () => {
    const ends = hidden;
    skipping = hidden = false;
    return ends;
  };
  /** A container opens: a node for it, or, as a skipped member's value, hidden by the visitor (false). */
  const begin = (type: 'object' | 'array') => (offset: number) => {
    if (skipping) {
      hidden = true;
      return false;
    }
    parent = push({ type, offset, length: -1, parent, children: [] });
    return undefined;
  };
  const visitor: JSONVisitor = {
    onObjectBegin: begin('object'),
    onObjectProperty: (name, offset, length) => {
      skipping = false; // a skipped member without a value (a syntax error) ends at the next member
      if (isServerMap(parent) && !options.keepMembers(parent as Node)) {
        skipping = true;
        skipped = { count: (skipped?.count ?? 0) + 1, offset: skipped?.offset ?? offset };
        return;
      }
      parent = push({ type: 'property', offset, length: -1, parent, children: [] });
      parent.children!.push({ type: 'string', value: name, offset, length, parent });
    },
    onObjectEnd: (offset, length) => {
      if (endsSkipped()) return;
      completeProperty(offset + length);
      parent.length = offset + length - parent.offset;
      parent = parent.parent!;
      completeProperty(offset + length);
    },
    onArrayBegin: begin('array'),
    onArrayEnd: (offset, length) => {
      if (endsSkipped()) return;
      parent.length = offset + length - parent.offset;
      parent = parent.parent!;
      completeProperty(offset + length);
    },
    onLiteralValue: (value: unknown, offset, length) => {
      if (skipping) {
        skipping = false;
        return;
      }
      push({ type: nodeType(value), offset, length, parent, value });
      completeProperty(offset + length);
    },
    onSeparator: (separator, offset) => {
      if (parent.type !== 'property') return;
      if (separator === ':') parent.colonOffset = offset;
      else if (separator === ',') completeProperty(offset);
    },
    onError: (error, offset, length) => {
      errors.push({ error, offset, length });
    },
  };
  visit(text, visitor, options);
  const root = top.children![0];
  if (root) delete root.parent;
  return skipped ? { root: root as Node | undefined, skipped } : { root: root as Node | undefined };
}

/** jsonc-parser's Node, writable while the tree is built. */
interface TreeNode {
  type: Node['type'];
  offset: number;
  length: number;
  colonOffset?: number;
  parent?: TreeNode;
  children?: TreeNode[];
  value?: unknown;
}

/** A literal's node type: the visitor gives literals only as strings, numbers, booleans and null. */
function nodeType(value: unknown): Node['type'] {
  return value === null ? 'null' : (typeof value as 'string' | 'number' | 'boolean');
}
