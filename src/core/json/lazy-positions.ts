import type { JsonDocument, JsonPath, JsonSpan, SourcePosition } from './json-document.js';
import { indexContainerAt, skipWhitespace, valueEnd, type ContainerIndex } from './index-container.js';
import { createLineLocator } from './line-starts.js';

const OPEN_BRACE = 123;
const OPEN_BRACKET = 91;

/** Where a path leads: the deepest value found on it, and whether that is the whole path. */
interface Walk {
  offset: number;
  /** Offset of the last segment's key, when the whole path was found and ends in an object key. */
  keyOffset?: number;
  complete: boolean;
}

/**
 * Positions of a strict JSON text that `JSON.parse` accepted, found only when asked: each
 * container on an asked path is indexed by a flat scan (once, then cached), so a large file whose
 * positions are never needed costs one `JSON.parse`, and one whose few findings need positions
 * costs a couple of fast scans.
 */
export class LazyPositions implements JsonDocument {
  private locate: ((offset: number) => SourcePosition) | undefined;
  private readonly containers = new Map<number, ContainerIndex>();

  constructor(
    private readonly text: string,
    readonly value: unknown,
  ) {}

  positionOf(path: JsonPath): SourcePosition {
    return this.toPosition(this.walk(path).offset);
  }

  keyPositionOf(path: JsonPath): SourcePosition {
    const walk = this.walk(path);
    return this.toPosition(walk.keyOffset ?? walk.offset);
  }

  spanOf(path: JsonPath): JsonSpan | undefined {
    const walk = this.walk(path);
    if (!walk.complete) return undefined;
    const end = this.container(walk.offset)?.end ?? valueEnd(this.text, walk.offset);
    return { start: walk.offset, end };
  }

  keyOffsetOf(path: JsonPath): number | undefined {
    const walk = this.walk(path);
    return walk.complete ? walk.keyOffset : undefined;
  }

  private toPosition(offset: number): SourcePosition {
    return (this.locate ??= createLineLocator(this.text))(offset);
  }

  private walk(path: JsonPath): Walk {
    let offset = skipWhitespace(this.text, 0);
    let keyOffset: number | undefined;
    for (const segment of path) {
      const container = this.container(offset);
      if (!container) return { offset, complete: false };
      let index = -1;
      if (container.keys === undefined) {
        if (typeof segment === 'number' && segment >= 0 && segment < container.valueOffsets.length) index = segment;
      } else if (typeof segment === 'string') {
        index = container.keys.get(segment) ?? -1;
      }
      if (index < 0) return { offset, complete: false };
      offset = container.valueOffsets[index]!;
      keyOffset = container.keyOffsets?.[index];
    }
    return { offset, keyOffset, complete: true };
  }

  private container(offset: number): ContainerIndex | undefined {
    const c = this.text.charCodeAt(offset);
    if (c !== OPEN_BRACE && c !== OPEN_BRACKET) return undefined;
    let found = this.containers.get(offset);
    if (!found) {
      found = indexContainerAt(this.text, offset, this.containers);
      this.containers.set(offset, found);
    }
    return found;
  }
}
