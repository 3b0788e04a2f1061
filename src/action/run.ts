import { compilePatternsEagerly } from '../runtime.js';
import { run } from './runner.js';

compilePatternsEagerly();
await run();
