/** A comment of an issue or pull request, as GitHub's REST API returns it (the fields plangate reads). */
export interface IssueComment {
  id: number;
  body?: string | null;
  /** Who wrote it: a person, `github-actions[bot]` (a workflow's GITHUB_TOKEN) or an App's `<slug>[bot]`. */
  user?: { login: string; type?: string } | null;
  created_at?: string;
}
