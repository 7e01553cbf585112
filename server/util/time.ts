// Every timestamp the server writes is an ISO-8601 UTC string with milliseconds, on both databases,
// so text comparison on SQLite orders them correctly and PostgreSQL reads them as timestamptz.
export function nowIso(): string {
  return new Date().toISOString();
}
