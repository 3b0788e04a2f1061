/**
 * Where the checked files can be read on the web: the repository's page, the commit the findings
 * were made on, and the checked folder. The entry point knows them (the runner's server URL, the
 * App's GitHub); renderers link each finding's file and line with them.
 */
export interface SourceLinks {
  /** `https://github.com/owner/repo`, or the same on a GitHub Enterprise host (no trailing slash). */
  repositoryUrl: string;
  /** The head commit: a link must show the lines that were judged, not the branch's later state. */
  sha: string;
  /** The checked folder inside the repository (the Action's `working-directory`), when not the root. */
  root?: string;
}
