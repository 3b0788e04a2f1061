import type { GraphPicture } from '../report.js';
import type { GraphProblem } from './graph-problem.js';
import type { TaskIndex } from './task-index.js';

export const MAX_PICTURE_NODES = 60;

/**
 * One picture per task file: the parts of the graph its problems are about, problem
 * nodes and edges flagged, at most MAX_PICTURE_NODES nodes (`omitted` counts the rest).
 */
export function buildGraphPicture(file: string, problems: readonly GraphProblem[], index: TaskIndex | undefined): GraphPicture | undefined {
  if (problems.length === 0) return undefined;
  const nodes = new Map<string, GraphPicture['nodes'][number]>();
  const edges = new Map<string, GraphPicture['edges'][number]>();
  const labels = new Set<string>();
  const leftOut = new Set<string>();
  let omitted = 0;
  for (const problem of problems) {
    labels.add(problem.label);
    omitted += problem.omitted;
    for (const id of problem.nodes) {
      if (nodes.has(id) || leftOut.has(id)) continue;
      if (nodes.size >= MAX_PICTURE_NODES) {
        leftOut.add(id);
        continue;
      }
      nodes.set(id, { id, status: index?.first.get(id)?.status ?? 'missing' });
    }
    for (const id of problem.problemNodes) {
      const node = nodes.get(id);
      if (node) node.problem = true;
    }
    for (const edge of problem.edges) {
      if (!nodes.has(edge.from) || !nodes.has(edge.to)) continue;
      const key = `${edge.from}\0${edge.to}\0${edge.kind}`;
      const existing = edges.get(key);
      if (existing) {
        if (edge.problem) existing.problem = true;
        continue;
      }
      edges.set(
        key,
        edge.problem ? { from: edge.from, to: edge.to, kind: edge.kind, problem: true } : { from: edge.from, to: edge.to, kind: edge.kind },
      );
    }
  }
  return {
    title: `${file}: ${[...labels].join(', ')}`,
    file,
    nodes: [...nodes.values()],
    edges: [...edges.values()],
    omitted: omitted + leftOut.size,
  };
}
