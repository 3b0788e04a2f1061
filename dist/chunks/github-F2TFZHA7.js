import { createRequire as __plangateCreateRequire } from 'node:module';
const require = __plangateCreateRequire(import.meta.url);
import{context,getOctokit}from"./chunk-CEPWG6EB.js";import"./chunk-K6WACH2H.js";import"./chunk-BIUGYWTY.js";export{context,getOctokit};
