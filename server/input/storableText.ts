// Strings the databases cannot store faithfully: PostgreSQL refuses a NUL byte in text, and a lone
// UTF-16 surrogate has no UTF-8 form (the driver would silently store U+FFFD instead). Neither is
// ever typed by a person, so a request carrying one is refused before it reaches a handler.

/** A NUL character, or a high surrogate without its low half (or a low half without its high one). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/**
 * The dotted path of the first string (value or property name) in `value` that is not storable,
 * or undefined. Walks with an explicit stack, so no input can overflow the call stack.
 */
export function findUnstorableText(value: unknown, root: string): string | undefined {
  const stack: Array<{ value: unknown; path: string }> = [{ value, path: root }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop() as { value: unknown; path: string };
    if (typeof current === 'string') {
      if (!isStorableText(current)) return path;
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        if (!isStorableText(key)) return path;
        stack.push({ value: child, path: `${path}.${key}` });
      }
    }
  }
  return undefined;
}
