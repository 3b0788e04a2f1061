/** Kept in step with package.json by a test; the bundled Action cannot read package.json at run time. */
export const PLANGATE_VERSION = '0.1.0';
