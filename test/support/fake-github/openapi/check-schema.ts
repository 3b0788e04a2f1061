import { deref, type JsonSchema, type OpenApiDocument } from './openapi-types.js';

/**
 * A small JSON Schema check for request bodies, strict where a typo hides: a key the
 * schema does not declare is an error unless `additionalProperties` allows it. Depth is
 * bounded by the schema (we only descend where it declares properties or items).
 */
export function checkSchema(doc: OpenApiDocument, value: unknown, schema: JsonSchema, at: string, problems: string[]): void {
  const s = deref<JsonSchema>(doc, schema);
  if (s.allOf) return checkSchema(doc, value, mergeAllOf(doc, s), at, problems);
  if (value === null) {
    if (!(s.nullable || typeOf(s).includes('null') || (!s.type && !s.oneOf && !s.anyOf))) problems.push(`${at}: null is not allowed`);
    return;
  }
  const branches = s.oneOf ?? s.anyOf;
  if (branches) {
    // `{ properties, anyOf: [...] }`: each branch sees the shared properties too.
    const { oneOf: _oneOf, anyOf: _anyOf, ...shared } = s;
    const resolved = branches.map((b) => deref<JsonSchema>(doc, b));
    if (shared.properties || shared.type) {
      // Keys only the branches declare are known here but checked by the branches; a shared key
      // keeps the shared schema (a branch narrowing it, e.g. `status: completed`, must not apply to all).
      const known = Object.assign(
        {},
        ...resolved.map((b) => Object.fromEntries(Object.keys(b.properties ?? {}).map((k) => [k, {}]))),
        shared.properties,
      );
      checkSchema(doc, value, { ...shared, properties: known }, at, problems);
    }
    let best: string[] | undefined;
    for (const branch of resolved) {
      const own: string[] = [];
      const merged = shared.properties ? { ...branch, properties: { ...shared.properties, ...branch.properties } } : branch;
      checkSchema(doc, value, merged, at, own);
      if (!own.length) return;
      if (!best || own.length < best.length) best = own;
    }
    problems.push(...(best ?? [`${at}: matches none of the allowed shapes`]));
    return;
  }
  if (s.enum && !s.enum.includes(value)) problems.push(`${at}: ${JSON.stringify(value)} is not one of ${JSON.stringify(s.enum)}`);
  const types = typeOf(s);
  if (types.length && !types.some((t) => hasType(value, t))) {
    problems.push(`${at}: expected ${types.join('|')}, got ${Array.isArray(value) ? 'array' : typeof value}`);
    return;
  }
  if (typeof value === 'string' && s.maxLength !== undefined && value.length > s.maxLength)
    problems.push(`${at}: longer than ${s.maxLength}`);
  if (Array.isArray(value)) {
    if (s.maxItems !== undefined && value.length > s.maxItems) problems.push(`${at}: more than ${s.maxItems} items`);
    if (s.minItems !== undefined && value.length < s.minItems) problems.push(`${at}: fewer than ${s.minItems} items`);
    if (s.items) value.forEach((item, i) => checkSchema(doc, item, s.items!, `${at}[${i}]`, problems));
  } else if (typeof value === 'object' && (s.properties || s.required || s.additionalProperties !== undefined)) {
    checkObject(doc, value as Record<string, unknown>, s, at, problems);
  }
}

function checkObject(doc: OpenApiDocument, value: Record<string, unknown>, s: JsonSchema, at: string, problems: string[]): void {
  for (const key of s.required ?? []) if (value[key] === undefined) problems.push(`${at}.${key}: required`);
  if (s.maxProperties !== undefined && Object.keys(value).length > s.maxProperties)
    problems.push(`${at}: more than ${s.maxProperties} properties`);
  for (const [key, v] of Object.entries(value)) {
    const prop = s.properties?.[key];
    if (prop) checkSchema(doc, v, prop, `${at}.${key}`, problems);
    else if (typeof s.additionalProperties === 'object') checkSchema(doc, v, s.additionalProperties, `${at}.${key}`, problems);
    else if (s.additionalProperties !== true) problems.push(`${at}.${key}: not a parameter of this operation`);
  }
}

function mergeAllOf(doc: OpenApiDocument, s: JsonSchema): JsonSchema {
  const parts = s.allOf!.map((p) => deref<JsonSchema>(doc, p));
  const { allOf: _allOf, ...rest } = s;
  return {
    ...rest,
    type: rest.type ?? parts.find((p) => p.type)?.type,
    properties: Object.assign({}, rest.properties, ...parts.map((p) => p.properties ?? {})),
    required: [...(rest.required ?? []), ...parts.flatMap((p) => p.required ?? [])],
  };
}

function typeOf(s: JsonSchema): string[] {
  return s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type];
}

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'array':
      return Array.isArray(value);
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'null':
      return value === null;
    default:
      return typeof value === type;
  }
}
