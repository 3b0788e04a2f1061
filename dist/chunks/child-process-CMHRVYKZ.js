import { createRequire as __plangateCreateRequire } from 'node:module';
const require = __plangateCreateRequire(import.meta.url);
import"./chunk-BIUGYWTY.js";import{execFile,spawn}from"node:child_process";export{execFile,spawn};
