// The screens' date input: typed entry in European forms, the value shown the one shared way in
// the interface language, and a calendar that opens on a click (never over the next field while
// the user types or tabs on).
import { useState, type ReactElement } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LocalizedDateInput } from '../../../src/common/dateInputs/LocalizedDateInput';
import { renderWithProviders } from '../../helpers/renderWithProviders';

function Host({ withTime = false, label }: { withTime?: boolean; label: string }): ReactElement {
  const [value, setValue] = useState('');
  return (
    <>
      <LocalizedDateInput label={label} withTime={withTime} value={value} onChange={setValue} />
      <output aria-label="stored">{value}</output>
    </>
  );
}

test('Hungarian: a typed date is stored as a date and shown as "2026. 01. 12." after leaving the input', async () => {
  const user = userEvent.setup();
  renderWithProviders(<Host label="Születési dátum" />, { locale: 'hu' });
  const input = screen.getByLabelText('Születési dátum');
  input.focus();
  await user.keyboard('12.01.2026');
  expect(screen.getByLabelText('stored')).toHaveTextContent('2026-01-12');
  // Typing never opens the calendar over the next field.
  expect(document.querySelector('[data-dates-dropdown]')).toBeNull();
  await user.tab();
  expect(input).toHaveValue('2026. 01. 12.');
});

test('English date-time: typed, stored as wall-clock text, shown "12 Jan 2026, 09:00"', async () => {
  const user = userEvent.setup();
  renderWithProviders(<Host withTime label="End" />, { locale: 'en' });
  const input = screen.getByLabelText('End');
  input.focus();
  await user.keyboard('2026-01-12 9:00');
  expect(screen.getByLabelText('stored')).toHaveTextContent('2026-01-12T09:00');
  await user.tab();
  expect(input).toHaveValue('12 Jan 2026, 09:00');
});

test('a click opens the calendar; a picked day fills the input and closes it', async () => {
  const user = userEvent.setup();
  const { container } = renderWithProviders(<Host label="Day" />, { locale: 'en' });
  const input = screen.getByLabelText('Day');
  await user.type(input, '12 Jan 2026');
  await user.click(input);
  const dropdown = container.ownerDocument.querySelector<HTMLElement>('[data-dates-dropdown]');
  if (!dropdown) throw new Error('the calendar did not open');
  await user.click(within(dropdown).getByRole('button', { name: '20 January 2026' }));
  expect(screen.getByLabelText('stored')).toHaveTextContent('2026-01-20');
  expect(input).toHaveValue('20 Jan 2026');
  expect(container.ownerDocument.querySelector('[data-dates-dropdown]')).toBeNull();
});
