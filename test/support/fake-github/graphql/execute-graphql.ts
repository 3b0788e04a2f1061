import { execute, parse, validate, visit, type DocumentNode, type ExecutionResult, type GraphQLError } from 'graphql';
import type { Actor, FakeState } from '../state/types.js';
import { githubGraphqlSchema } from './github-graphql-schema.js';
import { GraphqlNotFound, graphqlRoot } from './git-object-nodes.js';

export interface GraphqlOutcome {
  /** What GitHub would answer (always HTTP 200). */
  response: { data?: unknown; errors?: unknown[] };
  /** Client mistakes and fields the fake does not answer: recorded as validation failures. */
  problems: string[];
  /** Number of `object(...)` fields in the query (blob batch size). */
  objectFields: number;
}

const errorJson = (e: GraphQLError, type?: string) => ({
  ...(type ? { type } : {}),
  path: e.path,
  locations: e.locations,
  message: e.message,
});

interface Prepared {
  document: DocumentNode;
  invalid: readonly GraphQLError[];
  objectFields: number;
  mutation: boolean;
}

/**
 * Parsed and validated documents by query text: the client sends the same few queries over and
 * over, and validating against GitHub's full schema each time was seconds of the suite's CPU.
 */
const prepared = new Map<string, Prepared>();
const PREPARED_MAX = 500;

function prepare(query: string): Prepared {
  const known = prepared.get(query);
  if (known) return known;
  const document = parse(query);
  const invalid = validate(githubGraphqlSchema(), document);
  let objectFields = 0;
  let mutation = false;
  visit(document, {
    Field: (node) => void (node.name.value === 'object' && objectFields++),
    OperationDefinition: (node) => void (node.operation !== 'query' && (mutation = true)),
  });
  if (prepared.size >= PREPARED_MAX) prepared.clear();
  const entry = { document, invalid, objectFields, mutation };
  prepared.set(query, entry);
  return entry;
}

/** Validates a query against GitHub's schema, then runs it against the fake's state. */
export async function executeGraphql(
  state: FakeState,
  actor: Actor,
  body: { query?: unknown; variables?: unknown; operationName?: unknown },
): Promise<GraphqlOutcome> {
  if (typeof body.query !== 'string')
    return {
      response: { errors: [{ message: 'A query attribute must be specified and must be a string.' }] },
      problems: ['graphql: no query'],
      objectFields: 0,
    };
  let entry: Prepared;
  try {
    entry = prepare(body.query);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { response: { errors: [{ message }] }, problems: [`graphql syntax: ${message}`], objectFields: 0 };
  }
  const { document, invalid, objectFields, mutation } = entry;
  const schema = githubGraphqlSchema();
  if (invalid.length)
    return {
      response: { errors: invalid.map((e) => errorJson(e)) },
      problems: invalid.map((e) => `graphql: ${e.message}`),
      objectFields: 0,
    };
  if (mutation)
    return {
      response: { errors: [{ message: 'fake-github answers queries only' }] },
      problems: ['graphql: mutations are not implemented by the fake'],
      objectFields,
    };
  const result = (await execute({
    schema,
    document,
    rootValue: graphqlRoot(state, actor),
    variableValues: (body.variables ?? {}) as Record<string, unknown>,
    operationName: typeof body.operationName === 'string' ? body.operationName : undefined,
  })) as ExecutionResult;
  const problems: string[] = [];
  const errors = (result.errors ?? []).map((e) => {
    if (e.originalError instanceof GraphqlNotFound) return errorJson(e, 'NOT_FOUND');
    problems.push(`graphql (not answered by the fake): ${e.message} at ${e.path?.join('.')}`);
    return errorJson(e);
  });
  return { response: errors.length ? { data: result.data, errors } : { data: result.data }, problems, objectFields };
}
