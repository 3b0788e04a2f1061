/** Ways a shell command writes to a file. */
export const WRITE = String.raw`(?:>>?\s{0,4}|\btee\s{1,4}(?:-a\s{1,4}|--append\s{1,4})?|\bsed\s{1,4}-i\S{0,10}\s[^;&|]{0,120}?|\b(?:cp|mv|ln\s{1,4}-s\w{0,3}|install)\s[^;&|]{0,200}?|\badd-content\s{1,4}(?:-path\s{1,4})?|\bset-content\s{1,4}(?:-path\s{1,4})?|\bout-file\s{1,4}(?:-append\s{1,4})?(?:-filepath\s{1,4})?)`;
