import { checkSchema } from './check-schema.js';
import { deref, type JsonSchema, type OpenApiDocument, type OpenApiOperation, type OpenApiParameter } from './openapi-types.js';

export interface RequestParts {
  params: Record<string, string>;
  query: Record<string, string>;
  /** Parsed JSON body; undefined when the request had none. */
  body: unknown;
}

/**
 * Checks one request against its operation: path and query parameters (declared, required,
 * typed) and the JSON body (declared keys only, required keys present, types and enums).
 * Returns human-readable problems; empty means valid.
 */
export function validateRequest(doc: OpenApiDocument, operation: OpenApiOperation, parts: RequestParts): string[] {
  const problems: string[] = [];
  const declared = (operation.parameters ?? []).map((p) => deref<OpenApiParameter>(doc, p));
  for (const param of declared) {
    const source = param.in === 'path' ? parts.params : param.in === 'query' ? parts.query : undefined;
    if (!source) continue;
    const value = source[param.name];
    if (value === undefined) {
      if (param.required) problems.push(`${param.in} parameter ${param.name}: required`);
      continue;
    }
    const problem = checkScalar(doc, value, param.schema);
    if (problem) problems.push(`${param.in} parameter ${param.name}: ${problem}`);
  }
  const queryNames = new Set(declared.filter((p) => p.in === 'query').map((p) => p.name));
  for (const name of Object.keys(parts.query)) {
    if (!queryNames.has(name)) problems.push(`query parameter ${name}: not a parameter of ${operation.operationId}`);
  }
  checkBody(doc, operation, parts.body, problems);
  return problems;
}

function checkBody(doc: OpenApiDocument, operation: OpenApiOperation, body: unknown, problems: string[]): void {
  const requestBody = operation.requestBody && deref(doc, operation.requestBody);
  const schema = requestBody?.content['application/json']?.schema;
  if (body === undefined) {
    if (requestBody?.required) problems.push('body: required');
    return;
  }
  if (!requestBody) {
    // Octokit sends `{}` for some bodiless writes; anything more is a parameter the operation lacks.
    if (typeof body === 'object' && body !== null && Object.keys(body).length) {
      problems.push(`body: ${operation.operationId} takes no body parameters (got ${Object.keys(body).join(', ')})`);
    }
    return;
  }
  if (schema) checkSchema(doc, body, schema, 'body', problems);
}

/** Query and path values arrive as strings; check them against the declared scalar type. */
function checkScalar(doc: OpenApiDocument, value: string, schemaRef: JsonSchema | undefined): string | undefined {
  if (!schemaRef) return undefined;
  const schema = deref<JsonSchema>(doc, schemaRef);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'integer' && !/^-?\d+$/.test(value)) return `expected an integer, got ${JSON.stringify(value)}`;
  if (type === 'number' && Number.isNaN(Number(value))) return `expected a number, got ${JSON.stringify(value)}`;
  if (type === 'boolean' && value !== 'true' && value !== 'false') return `expected true|false, got ${JSON.stringify(value)}`;
  const options = schema.enum ?? (type === 'array' ? deref<JsonSchema>(doc, schema.items ?? {}).enum : undefined);
  const values = type === 'array' ? value.split(',') : [value];
  if (options && !values.every((v) => options.includes(v))) {
    return `${JSON.stringify(value)} is not one of ${JSON.stringify(options)}`;
  }
  return undefined;
}
