/**
 * `compute` read once per text, for detectors that ask about a whole unit or file on every match: a file
 * of thousands of matches would otherwise be read once per match. The last few texts are kept (one file
 * is matched at a time: the file's own text stays while its units come and go).
 */
export function oncePerText<T>(compute: (text: string) => T, keep = 4): (text: string) => T {
  const recent: { text: string; value: T }[] = [];
  return (text) => {
    const at = recent.findIndex((r) => r.text === text);
    const entry = at >= 0 ? recent.splice(at, 1)[0]! : { text, value: compute(text) };
    // An equal text held in another string (two files with the same content) is compared character by character;
    // keeping the caller's string makes its next lookups a pointer comparison.
    entry.text = text;
    recent.unshift(entry);
    if (recent.length > keep) recent.pop();
    return entry.value;
  };
}

/** `compute` read once per text and key (a variable a detector asks about): the same name on thousands of lines is read once. */
export function oncePerTextAndKey<T>(compute: (text: string, key: string) => T): (text: string, key: string) => T {
  const cacheOf = oncePerText(() => new Map<string, T>());
  return (text, key) => {
    const cache = cacheOf(text);
    if (!cache.has(key)) cache.set(key, compute(text, key));
    return cache.get(key)!;
  };
}

/** Every match of a global `pattern` in `text`, trying each position (matches may overlap): for assignments in a unit. */
export function* everyMatch(pattern: RegExp, text: string): Generator<RegExpExecArray> {
  pattern.lastIndex = 0;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    yield m;
    pattern.lastIndex = m.index + 1;
  }
}
