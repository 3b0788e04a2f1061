import { compilePatternsEagerly } from '../compile-patterns-eagerly.js';
import { run } from './runner.js';

compilePatternsEagerly();
await run();
