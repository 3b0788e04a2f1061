import type { Node } from 'jsonc-parser';
import type { JsonDocument, JsonPath, JsonSpan, SourcePosition } from './json-document.js';
import { createLineLocator } from './line-starts.js';
import { nodeValue } from './node-value.js';

/** Where a path leads in the tree: the deepest node found on it, and whether that is the whole path. */
interface Walk {
  node: Node;
  /** The key node of the last segment, when the whole path was found and ends in an object key. */
  key?: Node;
  complete: boolean;
}

/**
 * A JSONC document read into a jsonc-parser tree: the value is built from the tree (so it is
 * what the tree shows, recovered around syntax errors and without skipped members), and
 * positions are the tree's. Where a key repeats, the last one counts, as in the value.
 */
export class TreePositions implements JsonDocument {
  readonly value: unknown;
  private locate: ((offset: number) => SourcePosition) | undefined;
  private readonly keyIndexes = new WeakMap<Node, Map<string, Node>>();

  constructor(
    private readonly text: string,
    private readonly root: Node,
    readonly skipped?: { count: number; offset: number },
  ) {
    this.value = nodeValue(root);
  }

  positionOf(path: JsonPath): SourcePosition {
    return this.toPosition(this.walk(path).node.offset);
  }

  keyPositionOf(path: JsonPath): SourcePosition {
    const walk = this.walk(path);
    return this.toPosition((walk.key ?? walk.node).offset);
  }

  spanOf(path: JsonPath): JsonSpan | undefined {
    const walk = this.walk(path);
    return walk.complete ? { start: walk.node.offset, end: walk.node.offset + walk.node.length } : undefined;
  }

  keyOffsetOf(path: JsonPath): number | undefined {
    const walk = this.walk(path);
    return walk.complete ? walk.key?.offset : undefined;
  }

  private toPosition(offset: number): SourcePosition {
    return (this.locate ??= createLineLocator(this.text))(offset);
  }

  private walk(path: JsonPath): Walk {
    let node = this.root;
    let key: Node | undefined;
    for (const segment of path) {
      let next: Node | undefined;
      key = undefined;
      if (node.type === 'array' && typeof segment === 'number') next = node.children?.[segment];
      else if (node.type === 'object' && typeof segment === 'string') {
        const property = this.propertiesOf(node).get(segment);
        key = property?.children?.[0];
        next = property?.children?.[1];
      }
      if (!next) return { node, complete: false };
      node = next;
    }
    return { node, key, complete: true };
  }

  /** key → its (last) property node, built once per object. */
  private propertiesOf(object: Node): Map<string, Node> {
    let index = this.keyIndexes.get(object);
    if (!index) {
      index = new Map();
      for (const property of object.children ?? []) {
        const [keyNode, valueNode] = property.children ?? [];
        if (keyNode && valueNode) index.set(keyNode.value as string, property);
      }
      this.keyIndexes.set(object, index);
    }
    return index;
  }
}
