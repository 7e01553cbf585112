// The validation pane's own dialog (PaneFrame): opens with the submit's field errors, takes focus,
// keeps the page behind out of reach, and its close button leads to the first problem.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadDescriptorOrThrow, type FormDescriptor } from '../../../src/domain/forms';
import { testDescriptorDocument } from '../../helpers/testDescriptor';
import { HEADER, renderEngine, smallForm } from './engineHarness';

test('a held submit opens the pane as a labelled dialog, focused on its first entry in the same commit', async () => {
  const user = userEvent.setup();
  renderEngine({ descriptor: smallForm(), values: { ...HEADER }, initialSection: 1 });
  await user.click(screen.getByRole('button', { name: 'Save' }));
  const pane = screen.getByRole('dialog', { name: 'Check the form' });
  expect(pane).toHaveAttribute('aria-modal', 'true');
  const first = within(pane).getByRole('button', { name: /^Error: Code: required/ });
  // Not a task later: the pane is painted once, already focused.
  expect(first).toHaveFocus();
});

test('the close button closes the pane and moves focus to the first error', async () => {
  const user = userEvent.setup();
  renderEngine({ descriptor: smallForm(), values: { ...HEADER }, initialSection: 1 });
  await user.click(screen.getByRole('button', { name: 'Save' }));
  const pane = screen.getByRole('dialog', { name: 'Check the form' });
  await user.click(within(pane).getByRole('button', { name: 'Close' }));
  expect(screen.queryByRole('dialog', { name: 'Check the form' })).not.toBeInTheDocument();
  await waitFor(() => expect(screen.getByLabelText('Code')).toHaveFocus());
});

test('saving anyway closes the pane and gives focus back to the button that opened it', async () => {
  const user = userEvent.setup();
  const onSubmit = jest.fn();
  renderEngine({ descriptor: smallForm(), values: { ...HEADER, code: 'C', name: 'N', note: 'ab' }, onSubmit });
  const save = screen.getByRole('button', { name: 'Save' });
  await user.click(save);
  const pane = screen.getByRole('dialog', { name: 'Check the form' });
  await user.click(within(pane).getByRole('button', { name: 'Save anyway' }));
  expect(onSubmit).toHaveBeenCalledTimes(1);
  expect(screen.queryByRole('dialog', { name: 'Check the form' })).not.toBeInTheDocument();
  await waitFor(() => expect(save).toHaveFocus());
});

/** Two sections of 20 mandatory text fields: a held submit lists 40 entries. */
function longForm(): FormDescriptor {
  const fields = (from: number) => Array.from({ length: 20 }, (_, i) => ({ id: `f${from + i}`, type: 'text' as const, mandatory: true }));
  const labels: Record<string, string> = { one: 'One', two: 'Two' };
  for (let i = 0; i < 40; i += 1) labels[`f${i}`] = `Field ${i}`;
  return loadDescriptorOrThrow(testDescriptorDocument({ locale: 'en', displayId: 'LONG', sections: { one: fields(0), two: fields(20) }, labels }));
}

const allEntriesListed = async (): Promise<void> => {
  const user = userEvent.setup();
  renderEngine({ descriptor: longForm(), values: { ...HEADER } });
  await user.click(screen.getByRole('button', { name: 'Save' }));
  const pane = screen.getByRole('dialog', { name: 'Check the form' });
  expect(within(pane).getByText('40 errors, 0 warnings')).toBeInTheDocument();
  // The first entries come with the pane; the rest follow once it has painted.
  await waitFor(() => expect(within(pane).getAllByRole('button', { name: /^Error: / })).toHaveLength(40));
  expect(within(within(pane).getByRole('region', { name: 'Two' })).getByRole('button', { name: 'Error: Field 39: required' })).toBeInTheDocument();
};

test('a long list shows every entry once the pane has painted', allEntriesListed);

test('a long list shows every entry where the browser offers idle callbacks', async () => {
  const idle = jest.fn((work: () => void) => window.setTimeout(work, 0));
  Object.assign(window, { requestIdleCallback: idle, cancelIdleCallback: (id: number) => window.clearTimeout(id) });
  try {
    await allEntriesListed();
    expect(idle).toHaveBeenCalled();
  } finally {
    Reflect.deleteProperty(window, 'requestIdleCallback');
    Reflect.deleteProperty(window, 'cancelIdleCallback');
  }
});
