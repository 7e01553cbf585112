// The record as an audit trail, in both languages: operations named for what they did (a draft
// save and a hand-in told apart, the level of an approval or rejection), who (on whose behalf) and
// when in the institute's time zone, section and field labels of the user's language, and values
// as the form shows them (option labels, units, dates, decimal comma in Hungarian).
import { act, screen, within } from '@testing-library/react';
import { loadDescriptor, type FormDescriptor, type FormHistoryEntry } from '../../../src/domain/forms';
import { HistoryEntries } from '../../../src/features/formPage/HistoryEntries';
import { profileActions } from '../../../src/features/profile/profile.slice';
import type { Locale } from '../../../src/i18n/catalogues';
import { renderWithProviders } from '../../helpers/renderWithProviders';
import { testDescriptorDocument } from '../../helpers/testDescriptor';

const LABELS: Record<Locale, Record<string, string>> = {
  en: { lab: 'Laboratory', esr: 'ESR', visit: 'Visit time', smoker: 'Smoking' },
  hu: { lab: 'Labor', esr: 'We', visit: 'Vizit ideje', smoker: 'Dohányzás' },
};
const OPTIONS: Record<Locale, { value: string; label: string }[]> = {
  en: [{ value: 'never', label: 'Never' }, { value: 'daily', label: 'Daily' }],
  hu: [{ value: 'never', label: 'Soha' }, { value: 'daily', label: 'Naponta' }],
};

function descriptorIn(locale: Locale): FormDescriptor {
  const result = loadDescriptor(
    testDescriptorDocument({
      locale,
      sections: {
        lab: [
          { id: 'esr', type: 'decimal', unit: 'mm/h' },
          { id: 'visit', type: 'datetime' },
          { id: 'smoker', type: 'singleChoice', options: 'smoking', widget: 'select' },
        ],
      },
      labels: LABELS[locale],
      valueLabelMap: { smoking: OPTIONS[locale] },
    }),
  );
  if (!result.ok) throw new Error('test descriptor does not load');
  return result.descriptor;
}

const entry = (overrides: Partial<FormHistoryEntry>): FormHistoryEntry => ({
  id: 'h',
  at: '2026-01-12T08:00:05Z',
  userId: 'u-1',
  userName: 'Dr. Nagy Eszter',
  onBehalfOf: null,
  operation: 'update',
  level: null,
  changes: [],
  reasons: {},
  notes: {},
  previousHash: '',
  hash: '',
  ...overrides,
});

const ENTRIES: FormHistoryEntry[] = [
  entry({ id: 'h-1', operation: 'create', changes: [{ path: '$state', old: null, new: 'draft' }] }),
  entry({
    id: 'h-2',
    changes: [
      { path: 'esr', old: null, new: 12.5 },
      { path: 'visit', old: null, new: '2026-01-12T09:00' },
      { path: 'smoker', old: 'never', new: 'daily' },
      { path: '$state', old: 'draft', new: 'draft' },
    ],
  }),
  entry({ id: 'h-3', userName: 'Kovács Anna', onBehalfOf: 'Dr. Nagy Eszter', changes: [{ path: '$state', old: 'draft', new: 'await_inspect' }] }),
  entry({ id: 'h-4', operation: 'approve', level: 1, userName: 'Horváth Katalin' }),
  entry({ id: 'h-5', operation: 'reject', level: 2, userName: 'Szabó Gergely', reasons: { esr: 'Check the source' }, changes: [{ path: '$state', old: 'await_inspect', new: 'rejected' }] }),
  entry({ id: 'h-6', operation: 'fix', userName: 'Horváth Katalin', changes: [{ path: 'esr', old: 12.5, new: 13 }] }),
  entry({ id: 'h-7', operation: 'approval_reset', reasons: { $form: 'Source documents were updated' } }),
];

const SETTINGS = { perPage: 10, saved: true, mfaEnabled: false, mfaPolicy: 'user' as const, mfaEnforcedAt: null, timeZone: 'Europe/Budapest' };

function renderRecord(locale: Locale): HTMLElement[] {
  const { store } = renderWithProviders(<HistoryEntries entries={ENTRIES} descriptor={descriptorIn(locale)} />, { locale });
  act(() => void store.dispatch(profileActions.loaded({ ...SETTINGS, locale })));
  return screen.getAllByRole('listitem');
}

test('English: what, who, when in Budapest time, and the values as the form shows them', () => {
  const items = renderRecord('en');
  expect(items.map((item) => within(item).getAllByText(/./)[0].textContent)).toEqual([
    'Draft created',
    'Draft saved',
    'Finalized',
    'Approved at level 1',
    'Rejected at level 2: sent back for correction',
    'Fixed by a monitor',
    'Approvals reset',
  ]);
  // 08:00:05 UTC is 09:00:05 in Budapest in January.
  expect(within(items[0]).getByText('Dr. Nagy Eszter, 12 Jan 2026, 09:00:05')).toBeInTheDocument();
  expect(within(items[1]).getByText('Laboratory › ESR: (empty) → 12.5 mm/h')).toBeInTheDocument();
  expect(within(items[1]).getByText('Laboratory › Visit time: (empty) → 12 Jan 2026, 09:00')).toBeInTheDocument();
  expect(within(items[1]).getByText('Laboratory › Smoking: Never → Daily')).toBeInTheDocument();
  // A draft save that left the form a draft has no state line: its name says it all.
  expect(within(items[1]).queryByText(/Form state/)).not.toBeInTheDocument();
  expect(within(items[2]).getByText('Kovács Anna on behalf of Dr. Nagy Eszter, 12 Jan 2026, 09:00:05')).toBeInTheDocument();
  expect(within(items[2]).getByText('Form state: Draft → Awaiting approval')).toBeInTheDocument();
  expect(within(items[4]).getByText('Reason for rejecting Laboratory › ESR: Check the source')).toBeInTheDocument();
  expect(within(items[5]).getByText('Laboratory › ESR: 12.5 mm/h → 13 mm/h')).toBeInTheDocument();
  expect(within(items[6]).getByText('Reason: Source documents were updated')).toBeInTheDocument();
});

test('Hungarian: Hungarian names, labels, dates and a decimal comma', () => {
  const items = renderRecord('hu');
  expect(within(items[0]).getByText('Piszkozat létrehozva')).toBeInTheDocument();
  expect(within(items[0]).getByText('Dr. Nagy Eszter, 2026. 01. 12. 9:00:05')).toBeInTheDocument();
  expect(within(items[1]).getByText('Piszkozat mentve')).toBeInTheDocument();
  expect(within(items[1]).getByText('Labor › We: (üres) → 12,5 mm/h')).toBeInTheDocument();
  expect(within(items[1]).getByText('Labor › Vizit ideje: (üres) → 2026. 01. 12. 9:00')).toBeInTheDocument();
  expect(within(items[1]).getByText('Labor › Dohányzás: Soha → Naponta')).toBeInTheDocument();
  expect(within(items[2]).getByText('Véglegesítve')).toBeInTheDocument();
  expect(within(items[2]).getByText('Kovács Anna (Dr. Nagy Eszter nevében), 2026. 01. 12. 9:00:05')).toBeInTheDocument();
  expect(within(items[3]).getByText('Jóváhagyva (1. szint)')).toBeInTheDocument();
  expect(within(items[4]).getByText('Elutasítva (2. szint): javításra visszaküldve')).toBeInTheDocument();
  expect(within(items[5]).getByText('Labor › We: 12,5 mm/h → 13 mm/h')).toBeInTheDocument();
});

test('an update written before the record kept the state is named neutrally', () => {
  renderWithProviders(<HistoryEntries entries={[entry({ changes: [{ path: 'esr', old: 1, new: 2 }] })]} descriptor={descriptorIn('en')} />);
  expect(screen.getByText('Saved')).toBeInTheDocument();
});
