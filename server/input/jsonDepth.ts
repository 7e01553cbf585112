// JSON bodies are refused beyond a nesting depth before they are parsed: nothing the API accepts
// nests deeper than a few levels, and a deeply nested value would otherwise reach recursive code
// (schema validation, the form evaluator, serializers) that can overflow the stack.

export const MAX_JSON_DEPTH = 32;

/**
 * The deepest nesting of arrays and objects in JSON text, counted in one pass without recursion;
 * brackets inside strings do not count. Stops counting once `limit` is exceeded.
 */
export function jsonNestingDepth(text: string, limit = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (inString) {
      if (char === '\\') i += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') {
      inString = true;
    } else if (char === '[' || char === '{') {
      depth += 1;
      if (depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (char === ']' || char === '}') {
      depth -= 1;
    }
  }
  return deepest;
}
