/** Fields read for each blob; `text` is only trusted when it re-encodes to the blob's SHA. */
const BLOB_FIELDS = '... on Blob { text isTruncated isBinary byteSize }';

/**
 * One GraphQL query for `count` blobs, aliased `b0…b<n>`, each addressed as
 * `object(expression: "<commit>:<path>")` through a variable (paths are never spliced into
 * the query text). With `withCommit`, the commit's `committedDate` rides along as `commit`.
 */
export function blobBatchQuery(count: number, withCommit: boolean): string {
  const variables = ['$owner: String!', '$name: String!'];
  const fields: string[] = [];
  for (let i = 0; i < count; i++) {
    variables.push(`$e${i}: String!`);
    fields.push(`b${i}: object(expression: $e${i}) { ${BLOB_FIELDS} }`);
  }
  if (withCommit) {
    variables.push('$commit: GitObjectID!');
    fields.push('commit: object(oid: $commit) { ... on Commit { committedDate } }');
  }
  return `query plangateBlobs(${variables.join(', ')}) { repository(owner: $owner, name: $name) { ${fields.join(' ')} } }`;
}

export function blobBatchVariables(
  owner: string,
  name: string,
  commitSha: string,
  paths: readonly string[],
  withCommit: boolean,
): Record<string, string> {
  const variables: Record<string, string> = { owner, name };
  for (const [i, path] of paths.entries()) variables[`e${i}`] = `${commitSha}:${path}`;
  if (withCommit) variables.commit = commitSha;
  return variables;
}
