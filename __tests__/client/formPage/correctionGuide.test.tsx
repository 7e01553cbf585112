// A guided correction and a quiet review (issue 11 items 3-4): the correct view opens on the first
// rejected field (its section shown, the field focused), the section navigation counts rejected,
// corrected and erroneous fields per section, "next rejected field" walks through them; in inspect
// view a field's reject control is a compact action beside it with a popover for the reason, and a
// read-only form carries no row of buttons under its fields.
import { screen, waitFor, within } from '@testing-library/react';
import nock from 'nock';
import userEvent from '@testing-library/user-event';
import { API } from '../../helpers/storeHelpers';
import { testDescriptorDocument } from '../../helpers/testDescriptor';
import { fieldBox } from '../formEngine/engineHarness';
import { formOf, renderPage, VALUES } from './formPageHarness';

const TWO_SECTIONS = testDescriptorDocument({
  formTypeId: 7,
  version: 2,
  displayId: 'SMALL',
  sections: {
    first: [
      { id: 'code', type: 'text', mandatory: true },
      { id: 'note', type: 'text' },
    ],
    second: [
      { id: 'dose', type: 'integer', min: 0, max: 100 },
      { id: 'route', type: 'text' },
    ],
  },
  labels: { first: 'First part', second: 'Second part', code: 'Code', note: 'Note', dose: 'Daily dose', route: 'Route' },
  indispensableFields: ['code'],
});

const reviews = {
  dose: { reason: 'Too high?', rejectedValue: 10, level: 1 },
  route: { reason: 'Which route?', rejectedValue: null, level: 1 },
};
const sectionButton = (name: string): HTMLElement => within(screen.getByRole('navigation', { name: 'Form sections' })).getByRole('button', { name });

test('the correct view opens on the first rejected field, counts per section, and "next rejected field" walks on', async () => {
  const user = userEvent.setup();
  renderPage(formOf({ state: 'rejected', reviews, values: { ...VALUES, route: null } }), { descriptor: TWO_SECTIONS });
  // The rejected fields are in the second section: it is open and its first rejected field has focus.
  const dose = await screen.findByRole('textbox', { name: 'Daily dose' });
  await waitFor(() => expect(dose).toHaveFocus());
  expect(screen.getByRole('heading', { level: 2, name: 'Second part' })).toBeInTheDocument();
  expect(sectionButton('Second part')).toHaveAccessibleDescription('2 rejected');
  expect(sectionButton('First part')).not.toHaveAccessibleDescription(/rejected/);

  await user.click(screen.getByRole('button', { name: 'Next rejected field (2 left)' }));
  await waitFor(() => expect(screen.getByRole('textbox', { name: 'Route' })).toHaveFocus());

  // Changing the dose corrects it; an out-of-range value is an error of the same section.
  await user.clear(dose);
  await user.type(dose, '500');
  await waitFor(() => expect(sectionButton('Second part')).toHaveAccessibleDescription('1 rejected · 1 corrected · 1 error'));
  await user.click(screen.getByRole('button', { name: 'Next rejected field (1 left)' }));
  await waitFor(() => expect(screen.getByRole('textbox', { name: 'Route' })).toHaveFocus());
});

test('inspect view: rejecting is a compact action beside the field, with a popover for the reason, and no button rows', async () => {
  const user = userEvent.setup();
  renderPage(formOf({ state: 'await_inspect' }), { roles: ['monitor_investigator'] });
  const code = fieldBox(await screen.findByLabelText('Code'));
  // One compact action per field, named with it; no plain "Reject" or "History" button under the fields.
  expect(screen.getAllByRole('button', { name: /^Reject: / }).map((b) => b.getAttribute('aria-label'))).toEqual(
    expect.arrayContaining(['Reject: Code', 'Reject: Note', 'Reject: Daily dose']),
  );
  expect(screen.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
  expect(screen.queryAllByRole('button', { name: 'History' })).toHaveLength(1);
  expect(within(code).getByRole('button', { name: 'History: Code' })).toBeInTheDocument();

  const reject = within(code).getByRole('button', { name: 'Reject: Code' });
  reject.focus();
  await user.keyboard('{Enter}');
  const reason = within(code).getByLabelText('Reason for rejection');
  await waitFor(() => expect(reason).toHaveFocus());
  await user.type(reason, 'Looks wrong');
  await user.click(within(code).getByRole('button', { name: 'Reject field' }));
  expect(within(code).getByText('Reason for rejection: Looks wrong')).toBeInTheDocument();
  expect(within(code).queryByLabelText('Reason for rejection')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Request correction' })).toBeEnabled();
});

test('an empty reason is refused in the popover and nothing is rejected', async () => {
  const user = userEvent.setup();
  renderPage(formOf({ state: 'await_inspect' }), { roles: ['monitor_investigator'] });
  const code = fieldBox(await screen.findByLabelText('Code'));
  await user.click(within(code).getByRole('button', { name: 'Reject: Code' }));
  await user.click(within(code).getByRole('button', { name: 'Reject field' }));
  expect(within(code).getByLabelText('Reason for rejection')).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByRole('button', { name: 'Request correction' })).toBeDisabled();
});

test('after a draft of the correction is saved the user stays on the field they were on', async () => {
  const user = userEvent.setup();
  renderPage(formOf({ state: 'rejected', reviews, values: { ...VALUES, route: null } }), { descriptor: TWO_SECTIONS });
  const route = await screen.findByRole('textbox', { name: 'Route' });
  await user.type(route, 'oral');
  const saved = formOf({ state: 'correct_draft', version: 4, reviews, values: { ...VALUES, route: 'oral' } });
  nock(API).put('/api/v1/forms/f-1/correct-draft').reply(200, { results: [saved] }, { 'x-form-version': '4' });
  await user.click(screen.getByRole('button', { name: 'Save draft' }));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Save draft' })).toHaveFocus());
  // Not sent back to the first rejected field: the saved form is shown where the user was.
  expect(screen.getByRole('textbox', { name: 'Daily dose' })).not.toHaveFocus();
  expect(screen.getByRole('textbox', { name: 'Route' })).toHaveValue('oral');
});
