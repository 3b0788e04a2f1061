import { visit, type JSONVisitor, type Node, type ParseError, type ParseOptions } from 'jsonc-parser';
import type { JsonPath, MemberBound, ReadMembers } from './json-document.js';
import { nodeValue } from './node-value.js';

export interface JsonTree {
  root: Node | undefined;
  /** Members of bounded objects that were skipped (not built), and where the first one starts. */
  skipped?: { count: number; offset: number };
}

/**
 * jsonc-parser's `parseTree` (the same nodes, offsets and errors), except that a bounded object
 * stops growing once `bound.keep` says it holds enough. Errors inside a skipped member are not
 * reported (the caller learns from `skipped` that members were left out).
 */
export function parseJsonTree(text: string, errors: ParseError[], options: ParseOptions, bound?: MemberBound): JsonTree {
  const top: TreeNode = { type: 'array', offset: -1, length: -1, children: [] };
  let parent: TreeNode = top;
  let skipped: JsonTree['skipped'];
  const bounded = new Map<TreeNode, JsonPath>();
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
  /** Whether an end closes the skipped member's hidden value (else, when its value was missing, it closes the object). */
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
    if (bound && type === 'object') {
      const path = pathOf(parent, top);
      if (bound.isBounded(path)) bounded.set(parent, path);
    }
    return undefined;
  };
  const visitor: JSONVisitor = {
    onObjectBegin: begin('object'),
    onObjectProperty: (name, offset, length) => {
      skipping = false; // a skipped member without a value (a syntax error) ends at the next member
      const boundedPath = bounded.get(parent);
      if (boundedPath && !bound!.keep(membersOf(parent), boundedPath)) {
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

/** The keys and indexes from the root to `node` (which has just been added to its parent). */
function pathOf(node: TreeNode, top: TreeNode): JsonPath {
  const path: (string | number)[] = [];
  let at = node;
  while (at.parent && at.parent !== top) {
    const up: TreeNode = at.parent;
    if (up.type === 'property') {
      path.push(up.children![0]!.value as string);
      at = up.parent!;
    } else {
      path.push(up.children!.length - 1);
      at = up;
    }
  }
  return path.reverse();
}

/** The complete members of an object being built (a member whose value is still open is left out). */
function membersOf(object: TreeNode): ReadMembers {
  const members = object.children!;
  return {
    length: members.length,
    key: (i) => members[i]!.children![0]!.value as string,
    value: (i) => {
      const valueNode = members[i]!.children![1];
      return valueNode ? nodeValue(valueNode as Node) : undefined;
    },
  };
}
