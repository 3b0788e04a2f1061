export { PLANGATE_VERSION } from '../version.js';
