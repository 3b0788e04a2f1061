import { createRequire as __plangateCreateRequire } from 'node:module';
const require = __plangateCreateRequire(import.meta.url);
import{decodeText}from"./chunk-VY7NK7JP.js";async function readText(snapshot,path){let bytes=await snapshot.readBytes(path);return bytes?decodeText(bytes):void 0}export{readText};
