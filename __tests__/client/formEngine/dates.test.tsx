// Dates in the form engine: typed entry in the European forms of either language, a calendar that
// loads only when opened, and read views that show "2026. 01. 12. 9:00" rather than the stored
// "2026-01-12T09:00" (numbers with a decimal comma in Hungarian).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadDescriptorOrThrow, type FormDescriptor, type FormLocale } from '../../../src/domain/forms';
import { testDescriptorDocument } from '../../helpers/testDescriptor';
import { fieldBox, HEADER, renderEngine } from './engineHarness';

function datesForm(locale: FormLocale): FormDescriptor {
  const hu = locale === 'hu';
  return loadDescriptorOrThrow(
    testDescriptorDocument({
      locale,
      sections: {
        visit: [
          { id: 'visitDay', type: 'date' },
          { id: 'visitAt', type: 'datetime' },
          { id: 'weight', type: 'decimal', unit: 'kg' },
        ],
      },
      labels: hu ? { visit: 'Vizit', visitDay: 'Vizit napja', visitAt: 'Vizit ideje', weight: 'Testsúly' } : { visit: 'Visit', visitDay: 'Visit day', visitAt: 'Visit time', weight: 'Weight' },
    }),
  );
}

const STORED = { ...HEADER, visitDay: '2026-01-12', visitAt: '2026-01-12T09:00', weight: 72.5 };

test.each([
  ['en', 'Visit day', '12 Jan 2026', 'Visit time', '12 Jan 2026, 09:00', 'Weight', '72.5'],
  ['hu', 'Vizit napja', '2026. 01. 12.', 'Vizit ideje', '2026. 01. 12. 9:00', 'Testsúly', '72,5'],
] as const)('%s read view shows dates and numbers the one shared way', (locale, dayLabel, day, atLabel, at, weightLabel, weight) => {
  renderEngine({ descriptor: datesForm(locale), values: STORED, viewType: 'read' }, locale);
  expect(screen.getByLabelText(dayLabel)).toHaveTextContent(day);
  expect(screen.getByLabelText(atLabel)).toHaveTextContent(at);
  expect(screen.getByLabelText(weightLabel)).toHaveTextContent(`${weight} kg`);
});

test('typed dates in any European form are stored as dates; the input shows them formatted after leaving it', async () => {
  const user = userEvent.setup();
  const changes: [string, unknown][] = [];
  renderEngine({ descriptor: datesForm('hu'), values: HEADER, onChange: (path, value) => void changes.push([path, value]) }, 'hu');
  const day = screen.getByLabelText('Vizit napja');
  expect(day).toHaveAttribute('placeholder', 'pl. 2026. 01. 12.');
  await user.type(day, '12.01.2026');
  expect(changes.at(-1)).toEqual(['visitDay', '2026-01-12']);
  await user.tab();
  expect(day).toHaveValue('2026. 01. 12.');

  const at = screen.getByLabelText('Vizit ideje');
  await user.type(at, '2026. jan. 12. 9:00');
  expect(changes.at(-1)).toEqual(['visitAt', '2026-01-12T09:00']);
  await user.tab();
  expect(at).toHaveValue('2026. 01. 12. 9:00');
});

test('text that is no date yet is kept as typed, and validation says so', async () => {
  const user = userEvent.setup();
  const changes: [string, unknown][] = [];
  renderEngine({ descriptor: datesForm('en'), values: HEADER, onChange: (path, value) => void changes.push([path, value]) });
  const day = screen.getByLabelText('Visit day');
  await user.type(day, '31 Feb 2026');
  await user.tab();
  expect(changes.at(-1)).toEqual(['visitDay', '31 Feb 2026']);
  expect(day).toHaveValue('31 Feb 2026');
  await waitFor(() => expect(day).toHaveAttribute('aria-invalid', 'true'));
});

test('the calendar opens from its button, picks a day into the field and gives the focus back', async () => {
  const user = userEvent.setup();
  const changes: [string, unknown][] = [];
  renderEngine({ descriptor: datesForm('en'), values: { ...HEADER, visitDay: '2026-01-12' }, onChange: (path, value) => void changes.push([path, value]) });
  // No calendar exists before it is asked for.
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Choose from a calendar: Visit day' }));
  const calendar = await screen.findByRole('dialog', { name: 'Choose from a calendar: Visit day' });
  await user.click(within(calendar).getByRole('button', { name: '20 January 2026' }));
  expect(changes.at(-1)).toEqual(['visitDay', '2026-01-20']);
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(screen.getByLabelText('Visit day')).toHaveValue('20 Jan 2026');
  expect(screen.getByLabelText('Visit day')).toHaveFocus();
});

test('a date field is drawn light: a held submit marks the same input, and its calendar stands in for the button while open', async () => {
  const user = userEvent.setup();
  const descriptor = loadDescriptorOrThrow(
    testDescriptorDocument({
      locale: 'en',
      sections: { visit: [{ id: 'visitDay', type: 'date', mandatory: true, help: 'dayHelp' }] },
      labels: { visit: 'Visit', visitDay: 'Visit day', dayHelp: 'The first day of the visit' },
    }),
  );
  renderEngine({ descriptor, values: HEADER });
  const day = screen.getByLabelText('Visit day');
  expect(fieldBox(day)).toHaveAttribute('data-light');
  expect(day).toHaveAttribute('aria-required', 'true');
  expect(day).toHaveAccessibleDescription('The first day of the visit');

  await user.click(screen.getByRole('button', { name: 'Save' }));
  await screen.findByRole('dialog', { name: 'Check the form' });
  await user.keyboard('{Escape}');
  expect(screen.getByLabelText('Visit day')).toBe(day);
  expect(day).toHaveAttribute('aria-invalid', 'true');
  expect(day).toHaveAccessibleDescription(/^The first day of the visit .*required/);

  await user.click(screen.getByRole('button', { name: 'Choose from a calendar: Visit day' }));
  await screen.findByRole('dialog', { name: 'Choose from a calendar: Visit day' });
  // One button of that name, the open calendar's own: the field's button steps aside meanwhile.
  expect(screen.getByRole('button', { name: 'Choose from a calendar: Visit day' })).toHaveAttribute('aria-expanded', 'true');
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(day).toHaveFocus();
  expect(screen.getByRole('button', { name: 'Choose from a calendar: Visit day' })).toHaveAttribute('aria-expanded', 'false');

  await user.type(day, '2026-01-12');
  await user.tab();
  expect(day).toHaveValue('12 Jan 2026');
  await user.click(screen.getByRole('button', { name: 'Save draft' }));
  expect(day).not.toHaveAttribute('aria-invalid');
  expect(day).toHaveAccessibleDescription('The first day of the visit');
});
