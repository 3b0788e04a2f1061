/** GitHub's limits: an issue/PR comment, a check-run summary, a job summary. */
export const LIMITS = { comment: 65_536, checkRunSummary: 65_535, jobSummary: 1_048_576 } as const;
