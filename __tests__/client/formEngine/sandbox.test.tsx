// The form sandbox: only in demo installations; renders the demo forms in every view type and
// shows the would-be-sent values locally.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormSandboxRoute } from '../../../src/features/sandbox/FormSandboxPage';
import { renderWithProviders } from '../../helpers/renderWithProviders';
import { fieldBox } from './engineHarness';

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
  expect(screen.getAllByRole('button', { name: /^Reject: / }).length).toBeGreaterThan(3);
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

test('in read view a field can be fixed: the sandbox takes its lock, the field becomes editable, finishing releases it', async () => {
  const user = userEvent.setup();
  renderWithProviders(<FormSandboxRoute />, { preloadedState: configuration(true) });
  await user.type(screen.getByRole('textbox', { name: 'Patient' }), 'P-1');
  await user.selectOptions(screen.getByLabelText('View type'), 'Read');
  expect(screen.queryByRole('textbox', { name: 'Patient' })).not.toBeInTheDocument();
  const patient = fieldBox(screen.getByLabelText('Patient'));
  await user.click(within(patient).getByRole('button', { name: /^Start fixing: / }));
  expect(await within(patient).findByText('You are fixing this field')).toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: 'Patient' })).toHaveValue('P-1');
  await user.click(within(fieldBox(screen.getByRole('textbox', { name: 'Patient' }))).getByRole('button', { name: 'Finish fixing' }));
  expect(screen.queryByRole('textbox', { name: 'Patient' })).not.toBeInTheDocument();
  expect(screen.queryByText('You are fixing this field')).not.toBeInTheDocument();
});
