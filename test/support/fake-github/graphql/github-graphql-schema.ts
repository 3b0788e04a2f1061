import { schema as githubSchema } from '@octokit/graphql-schema';
import { buildClientSchema, type GraphQLSchema, type IntrospectionQuery } from 'graphql';

let cached: GraphQLSchema | undefined;

/** GitHub's public GraphQL schema (from @octokit/graphql-schema), built once per process. */
export function githubGraphqlSchema(): GraphQLSchema {
  cached ??= buildClientSchema(githubSchema.json as unknown as IntrospectionQuery);
  return cached;
}
