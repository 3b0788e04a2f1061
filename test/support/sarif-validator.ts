import { readFileSync } from 'node:fs';
import AjvModule from 'ajv-draft-04';
import addFormatsModule from 'ajv-formats';

/**
 * A validator for the official SARIF 2.1.0 schema (vendored from @microsoft/jest-sarif).
 * The schema's language-tag pattern is not valid under the u flag; it is under plain RegExp,
 * as draft-04 intends. Both packages are CommonJS: under NodeNext take their `default`.
 */
const schema = JSON.parse(readFileSync(new URL('../fixtures/sarif/sarif-2.1.0-rtm.5.json', import.meta.url), 'utf8'));
const ajv = new AjvModule.default({ allErrors: true, strict: false, unicodeRegExp: false });
addFormatsModule.default(ajv);

export const validateSarif = ajv.compile(schema);
