import type { GraphPicture } from '../core/report.js';

/** A Mermaid flowchart of the part of a task graph that has problems. */
export function renderMermaid(picture: GraphPicture): string {
  const ids = new Map<string, string>();
  const nodeId = (id: string) => {
    let n = ids.get(id);
    if (!n) ids.set(id, (n = `n${ids.size}`));
    return n;
  };
  const lines = ['flowchart LR'];
  for (const node of picture.nodes) {
    const label = `${node.id}${node.status ? ` (${node.status})` : ''}`;
    lines.push(`  ${nodeId(node.id)}["${mermaidText(label)}"]${node.problem ? ':::problem' : ''}`);
  }
  picture.edges.forEach((edge, i) => {
    const arrow = edge.kind === 'parent' ? '-.->|parent|' : '-->|depends on|';
    lines.push(`  ${nodeId(edge.from)} ${arrow} ${nodeId(edge.to)}`);
    if (edge.problem) lines.push(`  linkStyle ${i} stroke:#d73a49,stroke-width:2px`);
  });
  if (picture.omitted > 0) lines.push(`  more["… ${picture.omitted} more"]`);
  lines.push('  classDef problem fill:#ffeef0,stroke:#d73a49,stroke-width:2px');
  return lines.join('\n');
}

/** Mermaid's entity codes keep labels from closing the node or the code fence. */
function mermaidText(text: string): string {
  return Array.from(text.slice(0, 80))
    .map((c) => (/[A-Za-z0-9 ._:/()-]/.test(c) ? c : `#${c.codePointAt(0)};`))
    .join('');
}
