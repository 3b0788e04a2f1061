import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { OpenApiDocument } from './openapi-types.js';

let cached: OpenApiDocument | undefined;

/** GitHub's REST description for api.github.com, parsed once per process (~13 MB, ~150 ms). */
export function loadOpenApi(): OpenApiDocument {
  if (!cached) {
    const file = createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json');
    cached = JSON.parse(readFileSync(file, 'utf8')) as OpenApiDocument;
  }
  return cached;
}
