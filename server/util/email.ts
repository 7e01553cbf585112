// The e-mail rule of the spec (business-data §5): a local part and a domain whose top-level part
// has two or more letters, or a bracketed IPv4 address. Belongs in the domain core once the
// client's validation rules land there; kept here until then.
const EMAIL = /^[^\s@"(),:;<>[\]\\]+@(?:(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}|\[(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)\])$/;

export function isValidEmail(value: string): boolean {
  return EMAIL.test(value);
}
