/** A part of the task graph that a diagnostic is about, for the picture in the report. */
export interface GraphProblem {
  /** Short words for the picture's title: "dependency cycle". */
  label: string;
  /** Node ids to draw; may already be cut short (see `omitted`). */
  nodes: string[];
  /** Node ids drawn as problems (a subset of `nodes`). */
  problemNodes: string[];
  /** `from` depends on / is a child of `to`. */
  edges: { from: string; to: string; kind: 'parent' | 'dependsOn'; problem: boolean }[];
  /** Nodes of this problem that `nodes` leaves out. */
  omitted: number;
}
