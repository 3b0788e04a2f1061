/** `Plan: <path>` and `Branch: <name>` lines of a PR or issue body. */
export interface PlanReference {
  plan?: string;
  branch?: string;
}

export function parsePlanReference(body: string | undefined): PlanReference {
  const ref: PlanReference = {};
  if (!body) return ref;
  for (const raw of body.split(/\r\n|\r|\n/)) {
    const line = raw.trim();
    const plan = /^plan:\s*`?([^`\s]+)`?\s*$/i.exec(line);
    if (plan && !ref.plan) ref.plan = plan[1]!.replace(/^\.\//, '');
    const branch = /^branch:\s*`?([^`\s]+)`?\s*$/i.exec(line);
    if (branch && !ref.branch) ref.branch = branch[1]!;
  }
  return ref;
}
