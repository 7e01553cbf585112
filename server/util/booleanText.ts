// The spec's boolean-text rule (business-data §5), used for environment settings and list filters.
const TRUE_TEXTS = new Set(['1', 'true', 't', 'yes', 'y', 'on']);
const FALSE_TEXTS = new Set(['0', 'false', 'f', 'no', 'n', 'off']);

/** Reads a boolean text; `undefined` for anything outside the two sets (strict callers report it). */
export function parseBooleanText(text: string): boolean | undefined {
  const normalized = text.trim().toLowerCase();
  if (TRUE_TEXTS.has(normalized)) return true;
  if (FALSE_TEXTS.has(normalized)) return false;
  return undefined;
}
