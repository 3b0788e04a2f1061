/** The parts of GitHub's OpenAPI description the fake reads. */
export interface Ref {
  $ref: string;
}

export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  maxItems?: number;
  minItems?: number;
  maxLength?: number;
  maxProperties?: number;
}

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
  'x-multi-segment'?: boolean;
}

export interface OpenApiOperation {
  operationId: string;
  parameters?: (OpenApiParameter | Ref)[];
  requestBody?: { required?: boolean; content: Record<string, { schema?: JsonSchema }> } | Ref;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: Record<string, Record<string, unknown>>;
}

/** Follows a local `#/components/...` reference (the description uses no other kind). */
export function deref<T>(doc: OpenApiDocument, value: T | Ref): T {
  let current: unknown = value;
  for (let hops = 0; hops < 20 && current && typeof current === 'object' && '$ref' in current; hops++) {
    const pointer = (current as Ref).$ref;
    if (!pointer.startsWith('#/')) throw new Error(`fake-github: unsupported $ref ${pointer}`);
    current = pointer
      .slice(2)
      .split('/')
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  }
  return current as T;
}
