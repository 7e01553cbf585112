// The form sandbox: only in demo installations; renders the demo forms in every view type and
// shows the would-be-sent values locally.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormSandboxRoute } from '../../../src/features/sandbox/FormSandboxPage';
import { renderWithProviders } from '../../helpers/renderWithProviders';

const configuration = (demoMode: boolean) => ({
  clientConfiguration: { status: 'ready' as const, data: { apiVersion: '1.40.1', formBackupEnabled: false, demoMode }, error: null },
});

test('outside demo mode the sandbox is "Page not found"', () => {
  renderWithProviders(<FormSandboxRoute />, { preloadedState: configuration(false) });
  expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
});

test('in demo mode it renders a demo form in each view type and language, with the draft rules', async () => {
  const user = userEvent.setup();
  renderWithProviders(<FormSandboxRoute />, { preloadedState: configuration(true) });
  expect(screen.getByRole('heading', { name: 'Form sandbox', level: 1 })).toBeInTheDocument();
  await user.type(screen.getByRole('textbox', { name: 'Patient' }), 'P-1');
  await user.type(screen.getByRole('textbox', { name: 'Physician' }), 'Dr. A');
  await user.selectOptions(screen.getByLabelText('View type'), 'Inspect');
  expect(screen.getByLabelText('Patient')).toHaveTextContent('P-1');
  expect(screen.getAllByRole('button', { name: 'Reject' }).length).toBeGreaterThan(3);
  await user.selectOptions(screen.getByLabelText('View type'), 'Edit');
  await user.click(screen.getByRole('button', { name: 'Save draft' }));
  const pane = await screen.findByRole('dialog', { name: 'Check the form' });
  expect(within(pane).getByRole('button', { name: 'Save anyway' })).toBeDisabled();
  await user.keyboard('{Escape}');
  await user.selectOptions(screen.getByLabelText('Form language'), 'Magyar');
  expect(screen.getByRole('textbox', { name: 'Beteg' })).toBeInTheDocument();
  await user.click(screen.getByRole('checkbox', { name: 'No permission to view' }));
  expect(screen.getByLabelText('Beteg')).toHaveTextContent('No permission to view');
});
