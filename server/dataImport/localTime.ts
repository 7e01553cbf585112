// A wall-clock time of an institute ("2026-01-12T09:00" in Europe/Budapest) as an instant: the
// import file says when a visit started as the institute's clock read, like the form header does.

// Building a DateTimeFormat costs far more than using one: one per time zone, kept.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function offsetMinutes(instant: Date, timeZone: string): number {
  const parts = formatterOf(timeZone).formatToParts(instant);
  const part = (type: string): number => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return Math.round((asUtc - instant.getTime()) / 60_000);
}

// The last answer: a file's rows of one visit come together and name the same start.
let last = { local: '', timeZone: '', instant: '' };

/** ISO instant of a local "YYYY-MM-DDTHH:mm[:ss]" in `timeZone`; two passes settle a DST change. */
export function instantOfLocal(local: string, timeZone: string): string {
  if (last.local === local && last.timeZone === timeZone) return last.instant;
  const answer = computeInstant(local, timeZone);
  last = { local, timeZone, instant: answer };
  return answer;
}

function computeInstant(local: string, timeZone: string): string {
  const naive = new Date(`${local.length === 16 ? `${local}:00` : local}Z`).getTime();
  let instant = naive - offsetMinutes(new Date(naive), timeZone) * 60_000;
  instant = naive - offsetMinutes(new Date(instant), timeZone) * 60_000;
  return new Date(instant).toISOString();
}
