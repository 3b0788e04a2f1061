import type { Node } from 'jsonc-parser';

/**
 * The value a jsonc-parser node stands for, as `JSON.parse` would build it: the last of duplicate
 * keys wins, and a `__proto__` key is data (defined, never assigned, so no prototype is set).
 * Iterative: a hostile tree is as deep as its text allows.
 */
export function nodeValue(root: Node): unknown {
  const built = new Map<Node, unknown>();
  const pending: { node: Node; expanded: boolean }[] = [{ node: root, expanded: false }];
  while (pending.length) {
    const top = pending[pending.length - 1]!;
    const { node } = top;
    if (node.type !== 'object' && node.type !== 'array') {
      built.set(node, node.value);
      pending.pop();
      continue;
    }
    if (!top.expanded) {
      top.expanded = true;
      for (const child of node.children ?? []) {
        const valueNode = node.type === 'object' ? child.children?.[1] : child;
        if (valueNode) pending.push({ node: valueNode, expanded: false });
      }
      continue;
    }
    pending.pop();
    if (node.type === 'array') {
      built.set(
        node,
        (node.children ?? []).map((child) => built.get(child)),
      );
      continue;
    }
    const object: Record<string, unknown> = {};
    for (const property of node.children ?? []) {
      const [key, valueNode] = property.children ?? [];
      if (!key || !valueNode) continue;
      Object.defineProperty(object, key.value as string, {
        value: built.get(valueNode),
        writable: true,
        enumerable: true,
        configurable: true,
      });
    }
    built.set(node, object);
  }
  return built.get(root);
}
