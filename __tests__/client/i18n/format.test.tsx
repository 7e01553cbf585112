// The shared formatter: one European form per language, instants in the institute's time zone,
// form values exactly as typed, decimal comma in Hungarian.
import type { ReactElement } from 'react';
import { act, screen } from '@testing-library/react';
import { createFormatter } from '../../../src/i18n/format';
import { useFormatter } from '../../../src/i18n/useFormatter';
import { localeActions } from '../../../src/features/locale/locale.slice';
import { profileActions } from '../../../src/features/profile/profile.slice';
import { renderWithProviders } from '../../helpers/renderWithProviders';

// 08:00 UTC is 09:00 in Budapest in January (CET) and 08:00 in London.
const JAN_12_0800_UTC = '2026-01-12T08:00:00.000Z';

describe('createFormatter', () => {
  test.each([
    ['hu', 'Europe/Budapest', '2026. 01. 12. 9:00', '2026. 01. 12.', '9:00'],
    ['en', 'Europe/Budapest', '12 Jan 2026, 09:00', '12 Jan 2026', '09:00'],
    ['en', 'Europe/London', '12 Jan 2026, 08:00', '12 Jan 2026', '08:00'],
    ['hu', 'America/New_York', '2026. 01. 12. 3:00', '2026. 01. 12.', '3:00'],
  ] as const)('%s in %s', (locale, zone, dateTime, date, time) => {
    const format = createFormatter(locale, zone);
    expect(format.dateTime(JAN_12_0800_UTC)).toBe(dateTime);
    expect(format.date(JAN_12_0800_UTC)).toBe(date);
    expect(format.time(JAN_12_0800_UTC)).toBe(time);
  });

  test('seconds on request', () => {
    expect(createFormatter('hu', 'Europe/Budapest').dateTime(JAN_12_0800_UTC, { seconds: true })).toBe('2026. 01. 12. 9:00:00');
    expect(createFormatter('en', 'Europe/Budapest').time('2026-01-12T08:05:09Z', { seconds: true })).toBe('09:05:09');
  });

  test('a time just before midnight UTC is the next day in Budapest', () => {
    expect(createFormatter('en', 'Europe/Budapest').date('2026-01-12T23:30:00Z')).toBe('13 Jan 2026');
  });

  test.each([
    ['hu', '2026-01-12T09:00', 'datetime', '2026. 01. 12. 9:00'],
    ['en', '2026-01-12T09:00', 'datetime', '12 Jan 2026, 09:00'],
    ['hu', '1975-09-30', 'date', '1975. 09. 30.'],
    ['en', '1975-09-30', 'date', '30 Sept 1975'],
    ['hu', '07:30', 'time', '7:30'],
    ['en', '07:30', 'time', '07:30'],
    ['en', 'not a date', 'date', 'not a date'],
  ] as const)('%s shows the typed %s (%s) unchanged by any zone', (locale, value, kind, expected) => {
    // Whatever the zone, a typed reading is the reading that was typed.
    expect(createFormatter(locale, 'Pacific/Auckland').wallClock(value, kind)).toBe(expected);
  });

  test('numbers: decimal comma and grouping per language', () => {
    expect(createFormatter('hu').number(12345.5)).toBe('12\u00a0345,5');
    expect(createFormatter('en').number(12345.5)).toBe('12,345.5');
    expect(createFormatter('hu').number(0.25, { style: 'percent' })).toBe('25%');
  });

  test('an unknown zone falls back to the browser zone instead of breaking the screen', () => {
    const format = createFormatter('en', 'Mars/Olympus');
    expect(format.timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(format.date(JAN_12_0800_UTC)).toMatch(/Jan 2026/);
  });

  test('unreadable instants are shown as they are', () => {
    expect(createFormatter('en').dateTime('soon')).toBe('soon');
  });
});

function Stamp(): ReactElement {
  const format = useFormatter();
  return <p>{`${format.dateTime(JAN_12_0800_UTC)} | ${format.number(2.5)}`}</p>;
}

describe('useFormatter', () => {
  const settings = { perPage: 10, locale: 'hu' as const, saved: true, mfaEnabled: false, mfaPolicy: 'user' as const, mfaEnforcedAt: null };

  test('follows the language switch and the institute time zone at once', () => {
    const { store } = renderWithProviders(<Stamp />, { locale: 'hu' });
    act(() => void store.dispatch(profileActions.loaded({ ...settings, timeZone: 'Europe/Budapest' })));
    expect(screen.getByText('2026. 01. 12. 9:00 | 2,5')).toBeInTheDocument();
    act(() => void store.dispatch(localeActions.changed('en')));
    expect(screen.getByText('12 Jan 2026, 09:00 | 2.5')).toBeInTheDocument();
    act(() => void store.dispatch(profileActions.loaded({ ...settings, timeZone: 'Europe/London' })));
    expect(screen.getByText('12 Jan 2026, 08:00 | 2.5')).toBeInTheDocument();
  });
});
