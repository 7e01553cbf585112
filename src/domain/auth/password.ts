// Password policy of spec auth §5: at least 10 characters and at least 3 of the 4 character
// classes. The same rule runs in the browser (yup) and on the server (authoritative).

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MIN_CLASSES = 3;

const CHARACTER_CLASSES: readonly RegExp[] = [/\p{Lu}/u, /\p{Ll}/u, /\p{Nd}/u, /[^\p{L}\p{Nd}\s]/u];

export function passwordCharacterClasses(password: string): number {
  return CHARACTER_CLASSES.filter((pattern) => pattern.test(password)).length;
}

export function isPasswordComplexEnough(password: string): boolean {
  return [...password].length >= PASSWORD_MIN_LENGTH && passwordCharacterClasses(password) >= PASSWORD_MIN_CLASSES;
}
