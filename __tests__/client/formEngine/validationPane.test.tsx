// The validation pane's own dialog (PaneFrame): opens with the submit's field errors, takes focus,
// keeps the page behind out of reach, and its close button leads to the first problem.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HEADER, renderEngine, smallForm } from './engineHarness';

test('a held submit opens the pane as a labelled dialog with focus on its first entry', async () => {
  const user = userEvent.setup();
  renderEngine({ descriptor: smallForm(), values: { ...HEADER }, initialSection: 1 });
  await user.click(screen.getByRole('button', { name: 'Save' }));
  const pane = screen.getByRole('dialog', { name: 'Check the form' });
  expect(pane).toHaveAttribute('aria-modal', 'true');
  const first = within(pane).getByRole('button', { name: /^Error: Code: required/ });
  await waitFor(() => expect(first).toHaveFocus());
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
