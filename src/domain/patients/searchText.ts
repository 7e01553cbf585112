// Patient search ignores accents and case ("Marton" finds "Minta Márton", "minta" finds "MINTA").
// The server stores every name folded this way (patients.name_folded, kept on write) and folds
// what the user typed the same way, so one plain LIKE over an indexed column does the search on
// both databases.

/** Lower case, accents removed (NFD without combining marks), runs of spaces as one. */
export function foldSearchText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
