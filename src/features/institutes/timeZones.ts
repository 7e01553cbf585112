// The IANA time zones the browser knows, for the searchable picker; the current value stays
// selectable even when this browser's list lacks it (e.g. `UTC` on some engines).
export function timeZoneOptions(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return current && !zones.includes(current) ? [current, ...zones] : [...zones];
}
