// What the load test must show, read from the fake GitHub's state and requests and the replicas'
// logs: exactly-once effects, no lost job, latency percentiles, per-installation request rates.

export function percentile(values, p) {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export const summary = (values) => ({
  n: values.length,
  p50: percentile(values, 50),
  p95: percentile(values, 95),
  p99: percentile(values, 99),
  max: Math.max(...values),
});

/** Exactly-once on GitHub: one check run per head SHA, one gate comment and one status answer per PR, one dispatch and one run comment per labelling. */
export function verifyEffects(fake, org, markers) {
  const problems = [];
  let headShas = 0;
  for (const entry of org) {
    const state = fake.repo(entry.owner, entry.repo);
    for (const pull of entry.pulls) {
      for (const sha of new Set(pull.headShas)) {
        headShas++;
        const runs = state.checkRuns.filter((r) => r.headSha === sha && r.name === 'plangate');
        if (runs.length !== 1 || runs[0].status !== 'completed')
          problems.push(
            `${entry.owner} #${pull.number} ${sha.slice(0, 7)}: ${runs.length} check runs (${runs.map((r) => r.status).join(', ')})`,
          );
      }
      const mine = state.comments.filter((c) => c.issueNumber === pull.number && c.user === 'plangate[bot]');
      const gates = mine.filter((c) => c.body.includes(markers.gate)).length;
      const answers = mine.filter((c) => c.body.includes('<!-- plangate:answer ')).length;
      if (gates !== 1) problems.push(`${entry.owner} #${pull.number}: ${gates} gate comments`);
      if (answers !== 1) problems.push(`${entry.owner} #${pull.number}: ${answers} answers to one /plangate status`);
    }
    const runComments = state.comments.filter((c) => c.issueNumber === entry.issue && c.body.includes(markers.run)).length;
    if (state.dispatches.length !== 1) problems.push(`${entry.owner}: ${state.dispatches.length} dispatches for one labelling`);
    if (runComments !== 1) problems.push(`${entry.owner} #${entry.issue}: ${runComments} run comments`);
  }
  return { problems, headShas };
}

/** The largest total of `weight` over requests within any `windowMs` (requests sorted by time). */
function maxInWindow(list, windowMs, weight) {
  let max = 0;
  for (let i = 0, j = 0, sum = 0; j < list.length; j++) {
    sum += weight(list[j]);
    while (list[j].at - list[i].at >= windowMs) sum -= weight(list[i++]);
    max = Math.max(max, sum);
  }
  return max;
}

/** GitHub's documented secondary limits: 900 REST points a minute (GET 1, writes 5), 80 content-creating requests a minute, 5,000 requests an hour (primary). */
export function installationRates(requests) {
  const byInstallation = new Map();
  for (const r of requests) {
    if (!r.installationId) continue;
    if (!byInstallation.has(r.installationId)) byInstallation.set(r.installationId, []);
    byInstallation.get(r.installationId).push(r);
  }
  const isWrite = (r) => r.method !== 'GET' && r.route !== 'POST /graphql';
  const paced = (r) => isWrite(r) || r.route === 'POST /graphql';
  const rows = [];
  for (const [id, list] of byInstallation) {
    list.sort((a, b) => a.at - b.at);
    const perMinute = (weight) => maxInWindow(list, 60_000, weight);
    const pacedAt = list.filter(paced).map((r) => r.at);
    const gaps = pacedAt.slice(1).map((t, k) => t - pacedAt[k]);
    rows.push({
      id,
      requests: list.length,
      maxPointsPerMinute: perMinute((r) => (isWrite(r) ? 5 : 1)),
      maxContentCreatingPerMinute: perMinute((r) => (r.method === 'POST' && isWrite(r) ? 1 : 0)),
      // Probot paces writes and GraphQL 1 s apart per installation; shared through Redis, two workers together stay near 60 a minute.
      maxPacedPerMinute: perMinute((r) => (paced(r) ? 1 : 0)),
      medianPacedGapMs: percentile(gaps, 50),
    });
  }
  return rows;
}
