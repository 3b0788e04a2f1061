// The delivery mix of the load test: per pull request opened, N synchronize pushes, a label and a
// `/plangate status` comment, in order; per issue one `ralph` labelling sent twice at once (a
// duplicate with a new delivery id); then a share of all deliveries redelivered later with the
// same X-GitHub-Delivery. Steps run in order within a stream; streams interleave at random.

/** A seeded PRNG (mulberry32), so every run sends the same mix. */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function buildStreams({ fake, org, syncs, payloads, WRITER }) {
  const streams = [];
  const forInstallation = (payload, entry) => ((payload.installation.id = entry.installationId), payload);
  for (const entry of org) {
    const { owner, repo } = entry;
    for (const pull of entry.pulls) {
      pull.headShas = [];
      const steps = [];
      const head = () => pull.headShas.push(fake.repo(owner, repo).refs[`refs/heads/${pull.branch}`]);
      steps.push(
        () => (
          head(),
          [{ name: 'pull_request', payload: forInstallation(payloads.pullRequestEvent(fake, owner, repo, pull.number), entry) }]
        ),
      );
      for (let s = 0; s < syncs; s++) {
        steps.push(() => {
          fake.commit(owner, repo, pull.branch, { [`src/feature-push-${s}.ts`]: `export const push${s} = ${s};\n` });
          head();
          return [
            {
              name: 'pull_request',
              payload: forInstallation(payloads.pullRequestEvent(fake, owner, repo, pull.number, { action: 'synchronize' }), entry),
            },
          ];
        });
      }
      steps.push(() => {
        fake.label(owner, repo, pull.number, 'documentation', WRITER);
        return [
          {
            name: 'pull_request',
            payload: forInstallation(
              payloads.pullRequestEvent(fake, owner, repo, pull.number, { action: 'labeled', label: 'documentation', sender: WRITER }),
              entry,
            ),
          },
        ];
      });
      steps.push(() => {
        const comment = fake.addComment(owner, repo, pull.number, '/plangate status', WRITER);
        return [{ name: 'issue_comment', payload: forInstallation(payloads.issueCommentEvent(fake, owner, repo, comment.id), entry) }];
      });
      streams.push({ kind: 'pull', entry, pull, steps, next: 0, busy: false });
    }
    const labelling = () => {
      fake.label(owner, repo, entry.issue, 'ralph', WRITER);
      const event = forInstallation(payloads.issueLabeledEvent(fake, owner, repo, entry.issue, 'ralph', WRITER), entry);
      // GitHub sent the same labelling twice (two delivery ids): both go out at the same moment.
      return [
        { name: 'issues', payload: event },
        { name: 'issues', payload: event, duplicate: true },
      ];
    };
    streams.push({ kind: 'issue', entry, steps: [labelling], next: 0, busy: false });
  }
  return streams;
}
