// Typed entry of dates and date-times, as people write them in Hungary and in Europe: ISO
// ("2026-01-12 09:00"), Hungarian ("2026. 01. 12. 9:00", "2026. jan. 12."), day first
// ("12.01.2026", "12/01/2026", "12 Jan 2026, 09:00"). Month names in either language, with or
// without accents. Never month-first: "01/12/2026" is the 1st of December.
// Answers the wall-clock value the forms store ("2026-01-12", "2026-01-12T09:00") or null.

const MONTHS = [
  ['january', 'januar'],
  ['february', 'februar'],
  ['march', 'marcius'],
  ['april', 'aprilis'],
  ['may', 'majus'],
  ['june', 'junius'],
  ['july', 'julius'],
  ['august', 'augusztus'],
  ['september', 'szeptember'],
  ['october', 'oktober'],
  ['november', 'november'],
  ['december', 'december'],
] as const;

const plain = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** 1-12 for a month name or its start (at least three letters, one month only); null otherwise. */
function monthOf(token: string): number | null {
  const word = plain(token);
  if (/^\d{1,2}$/.test(word)) return Number(word);
  if (word.length < 3) return null;
  const found = new Set<number>();
  MONTHS.forEach((names, i) => {
    if (names.some((name) => name.startsWith(word))) found.add(i + 1);
  });
  return found.size === 1 ? [...found][0] : null;
}

const pad = (n: number): string => String(n).padStart(2, '0');

export function parseTypedDate(text: string, withTime: boolean): string | null {
  let rest = text.trim();
  let time: [number, number] | null = null;
  const clock = /(?:^|[\sT,])(\d{1,2}):(\d{2})$/.exec(rest);
  if (clock) {
    time = [Number(clock[1]), Number(clock[2])];
    rest = rest.slice(0, clock.index).trim();
  }
  if (withTime !== (time !== null)) return null;
  const tokens = rest.split(/[\s.,/-]+/).filter(Boolean);
  if (tokens.length !== 3) return null;
  const yearFirst = /^\d{4}$/.test(tokens[0]);
  const [y, m, d] = yearFirst ? tokens : [tokens[2], tokens[1], tokens[0]];
  if (!/^\d{4}$/.test(y) || !/^\d{1,2}$/.test(d)) return null;
  const year = Number(y);
  const month = monthOf(m);
  const day = Number(d);
  if (month === null) return null;
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  const date = `${y}-${pad(month)}-${pad(day)}`;
  if (!time) return date;
  const [hours, minutes] = time;
  if (hours > 23 || minutes > 59) return null;
  return `${date}T${pad(hours)}:${pad(minutes)}`;
}
