import { run } from './runner.js';

await run();
