import { createRequire as __plangateCreateRequire } from 'node:module';
const require = __plangateCreateRequire(import.meta.url);
function pushAll(target,...lists){for(let list of lists)for(let item of list)target.push(item);return target}function maxOf(values,floor=-1/0){let max=floor;for(let v of values)v>max&&(max=v);return max}function minOf(values,ceiling=1/0){let min=ceiling;for(let v of values)v<min&&(min=v);return min}export{pushAll,maxOf,minOf};
