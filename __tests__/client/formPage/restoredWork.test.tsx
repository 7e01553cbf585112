// The engine's restored-work props the form page relies on: editing starts from `initialValues`
// and counts as unsaved against `values` (the leave prompt is on without a keystroke), restored
// rejections count as unsaved in inspect view, and a restore undone by hand is clean again.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Link } from 'react-router';
import { FormEngine, type FormEngineProps } from '../../../src/formEngine';
import { renderWithProviders } from '../../helpers/renderWithProviders';
import { ALL, fieldBox, HEADER, smallForm, TODAY } from '../formEngine/engineHarness';

const saved = { ...HEADER, code: 'C-1', note: 'hello world', name: 'Kiss', age: 40 };

function renderWithLeaveLink(props: Partial<FormEngineProps>): void {
  const page = (): ReactElement => (
    <>
      <FormEngine descriptor={smallForm()} values={saved} permissions={ALL} viewType="edit" today={TODAY} {...props} />
      <Link to="/elsewhere">Leave</Link>
    </>
  );
  renderWithProviders(<></>, { routes: [{ path: '/', element: page() }, { path: '/elsewhere', element: <h1>Elsewhere</h1> }] });
}

test('restored values are shown, marked as changed, and leaving asks first', async () => {
  const user = userEvent.setup();
  renderWithLeaveLink({ initialValues: { ...saved, code: 'C-2' } });
  const code = screen.getByRole('textbox', { name: 'Code' });
  expect(code).toHaveValue('C-2');
  expect(within(fieldBox(code)).getByText('Changed')).toBeInTheDocument();
  await user.click(screen.getByRole('link', { name: 'Leave' }));
  const prompt = await screen.findByRole('dialog', { name: 'Unsaved changes' });
  await user.click(within(prompt).getByRole('button', { name: 'Cancel' }));

  // Typing the saved value back makes the form clean: leaving no longer asks.
  await user.clear(code);
  await user.type(code, 'C-1');
  expect(within(fieldBox(code)).queryByText('Changed')).not.toBeInTheDocument();
  await user.click(screen.getByRole('link', { name: 'Leave' }));
  expect(await screen.findByRole('heading', { name: 'Elsewhere' })).toBeInTheDocument();
});

test('restored rejections stand in inspect view and count as unsaved', async () => {
  const user = userEvent.setup();
  renderWithLeaveLink({ viewType: 'inspect', reviews: {}, initialReviews: { code: { reason: 'Looks wrong', rejectedValue: 'C-1' } } });
  const code = fieldBox(screen.getByLabelText('Code'));
  expect(within(code).getByText('Reason for rejection: Looks wrong')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Request correction' })).toBeEnabled();
  await user.click(screen.getByRole('link', { name: 'Leave' }));
  expect(await screen.findByRole('dialog', { name: 'Unsaved changes' })).toBeInTheDocument();
});
