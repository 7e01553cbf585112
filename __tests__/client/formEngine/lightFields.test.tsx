// Text, number and short-select fields of new and edit view are painted outside React
// (fields/lightField.ts): what a user sees and does must be the same as on any other field.
import { useState, type ReactElement } from 'react';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadDescriptorOrThrow, type FieldReviewMap, type FormDescriptor } from '../../../src/domain/forms';
import { renderWithProviders } from '../../helpers/renderWithProviders';
import { testDescriptorDocument } from '../../helpers/testDescriptor';
import { FormEngine } from '../../../src/formEngine';
import { ALL, fieldBox, HEADER, renderEngine, smallForm, TODAY } from './engineHarness';

test('a held submit marks a light field in place: the same input keeps its value, and the error goes once it is fixed', async () => {
  const user = userEvent.setup();
  const onChange = jest.fn();
  renderEngine({ descriptor: smallForm(), values: { ...HEADER, code: 'C1' }, initialSection: 1, onChange });
  const age = screen.getByLabelText('Age');
  await user.type(age, '200');
  expect(onChange).toHaveBeenLastCalledWith('age', '200');
  expect(within(fieldBox(age)).getByText('Changed')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Save' }));
  await screen.findByRole('dialog', { name: 'Check the form' });
  // Not remounted: the element the user typed into is the one that shows the error.
  expect(screen.getByLabelText('Age')).toBe(age);
  expect(age).toHaveValue('200');
  expect(age).toHaveAttribute('aria-invalid', 'true');
  expect(age).toHaveAccessibleDescription(/120/);
  await user.keyboard('{Escape}');

  await user.clear(age);
  await user.type(age, '40');
  await user.click(screen.getByRole('button', { name: 'Save draft' }));
  expect(age).not.toHaveAttribute('aria-invalid');
  expect(age).not.toHaveAccessibleDescription(/120/);
  expect(screen.queryByText(/120/)).not.toBeInTheDocument();
});

test('a light field that goes back to its saved value loses the "changed" mark', async () => {
  const user = userEvent.setup();
  renderEngine({ descriptor: smallForm(), values: { ...HEADER, note: 'hello' }, viewType: 'edit' });
  const note = screen.getByLabelText('Note');
  await user.type(note, '!');
  expect(within(fieldBox(note)).getByText('Changed')).toBeInTheDocument();
  await user.type(note, '{Backspace}');
  expect(note).toHaveValue('hello');
  expect(within(fieldBox(note)).queryByText('Changed')).not.toBeInTheDocument();
});

function yesNoForm(): FormDescriptor {
  return loadDescriptorOrThrow(
    testDescriptorDocument({
      locale: 'en',
      displayId: 'YESNO',
      sections: { first: [{ id: 'smoker', type: 'boolean', mandatory: true, help: 'smokerHelp' }] },
      labels: { first: 'Habits', smoker: 'Smoker', smokerHelp: 'At any time in life' },
    }),
  );
}

test('a light yes/no field is a named group: the keyboard chooses, a held submit describes the group, and a choice clears it', async () => {
  const user = userEvent.setup();
  const onChange = jest.fn();
  renderEngine({ descriptor: yesNoForm(), values: HEADER, onChange });
  const group = screen.getByRole('group', { name: 'Smoker' });
  const [yes, no] = within(group).getAllByRole('radio');
  expect(within(group).getByLabelText('Yes')).toBe(yes);
  expect(group).toHaveAccessibleDescription('At any time in life');

  await user.click(screen.getByRole('button', { name: 'Save' }));
  await screen.findByRole('dialog', { name: 'Check the form' });
  await user.keyboard('{Escape}');
  expect(screen.getByRole('group', { name: 'Smoker' })).toBe(group);
  expect(group).toHaveAccessibleDescription(/At any time in life .+/);
  const described = group.getAttribute('aria-describedby') ?? '';
  expect(described).toMatch(/-issues/);

  act(() => yes.focus());
  await user.keyboard('{ArrowRight}');
  expect(no).toBeChecked();
  expect(yes).not.toBeChecked();
  expect(onChange).toHaveBeenLastCalledWith('smoker', false);
  expect(within(group).getByText('Changed')).toBeInTheDocument();
  await user.click(yes);
  expect(yes).toBeChecked();
  expect(onChange).toHaveBeenLastCalledWith('smoker', true);
  // The next save validates again, as on every field.
  await user.click(screen.getByRole('button', { name: 'Save draft' }));
  expect(group).toHaveAccessibleDescription('At any time in life');
  expect(group).not.toHaveTextContent('required');
});

test('a light calculated value is a labelled output that follows its sources in the form language', async () => {
  const user = userEvent.setup();
  const descriptor = loadDescriptorOrThrow(
    testDescriptorDocument({
      locale: 'hu',
      displayId: 'CALC',
      sections: {
        first: [
          { id: 'a', type: 'decimal' },
          { id: 'b', type: 'decimal' },
          { id: 'sum', type: 'calculated', formula: 'a + b', parameters: ['a', 'b'], unit: 'kg', help: 'sumHelp' },
        ],
      },
      labels: { first: 'Első', a: 'A', b: 'B', sum: 'Összeg', sumHelp: 'A és B együtt' },
    }),
  );
  renderEngine({ descriptor, values: HEADER }, 'hu');
  const sum = screen.getByLabelText('Összeg');
  expect(sum.tagName).toBe('OUTPUT');
  expect(sum).toHaveAccessibleDescription('A és B együtt');
  await user.type(screen.getByLabelText('A'), '1.5');
  await user.type(screen.getByLabelText('B'), '2');
  expect(screen.getByLabelText('Összeg')).toBe(sum);
  expect(sum).toHaveTextContent('3,5 kg');
  expect(within(fieldBox(sum)).getByText('Módosítva')).toBeInTheDocument();
});

// A host that rejects a field later, as a page does when the reviews arrive.
function LaterReview(): ReactElement {
  const [reviews, setReviews] = useState<FieldReviewMap>({});
  return (
    <>
      <button type="button" onClick={() => setReviews({ code: { reason: 'Wrong code', rejectedValue: 'C-1' } })}>
        Reject code
      </button>
      <FormEngine permissions={ALL} viewType="edit" today={TODAY} descriptor={smallForm()} values={{ ...HEADER, code: 'C-1' }} reviews={reviews} />
    </>
  );
}

test('a light field that gets a review is drawn again as a full field, keeping its value', async () => {
  const user = userEvent.setup();
  renderWithProviders(<LaterReview />, { locale: 'en' });
  expect(screen.getByLabelText('Code').parentElement).toHaveAttribute('data-light');
  await user.click(screen.getByRole('button', { name: 'Reject code' }));
  const shown = screen.getByLabelText('Code');
  expect(shown).toHaveValue('C-1');
  expect(fieldBox(shown)).not.toHaveAttribute('data-light');
  expect(within(fieldBox(shown)).getByText('Rejected')).toBeInTheDocument();
});
