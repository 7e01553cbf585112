// Inspect and correct views, render modes (censored, fix locks), display modes, the form-level
// confirmations and the leave prompt.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router';
import type { FieldReviewMap } from '../../../src/domain/forms';
import { FormEngine } from '../../../src/formEngine';
import { renderWithProviders } from '../../helpers/renderWithProviders';
import { ALL, fieldBox, HEADER, renderEngine, smallForm, TODAY } from './engineHarness';

const values = { ...HEADER, code: 'C-1', note: 'hello world', name: 'Kiss', age: 40 };

test('inspect: a field is rejected with a reason (its value stored), the reason changed, then revoked', async () => {
  const user = userEvent.setup();
  const onReview = jest.fn();
  renderEngine({ descriptor: smallForm(), values, viewType: 'inspect', onReview });
  const code = fieldBox(screen.getByLabelText('Code'));
  expect(screen.getByLabelText('Code')).toHaveTextContent('C-1');
  expect(screen.queryByRole('textbox', { name: 'Code' })).not.toBeInTheDocument();
  // The header has a reject button too in inspect view.
  expect(within(fieldBox(screen.getByLabelText('Patient'))).getByRole('button', { name: /^Reject: / })).toBeInTheDocument();

  await user.click(within(code).getByRole('button', { name: /^Reject: / }));
  await user.click(within(code).getByRole('button', { name: 'Reject field' }));
  expect(within(code).getByText('a reason is required')).toBeInTheDocument();
  await user.type(within(code).getByLabelText('Reason for rejection'), 'Looks wrong');
  await user.click(within(code).getByRole('button', { name: 'Reject field' }));
  expect(onReview).toHaveBeenLastCalledWith({ code: { reason: 'Looks wrong', rejectedValue: 'C-1' } }, { type: 'reject', path: 'code' });
  expect(within(code).getByText('Rejected')).toBeInTheDocument();
  expect(within(code).getByText('Reason for rejection: Looks wrong')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Approve' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Request correction' })).toBeEnabled();

  await user.click(within(code).getByRole('button', { name: 'Change reason' }));
  const reason = within(code).getByLabelText('Reason for rejection');
  await user.clear(reason);
  await user.type(reason, 'Use the new code');
  await user.click(within(code).getByRole('button', { name: 'Save reason' }));
  expect(within(code).getByText('Reason for rejection: Use the new code')).toBeInTheDocument();

  await user.click(within(code).getByRole('button', { name: 'Revoke rejection' }));
  expect(onReview).toHaveBeenLastCalledWith({}, { type: 'revoke', path: 'code' });
  expect(within(code).queryByText('Rejected')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Request correction' })).toBeDisabled();
});

test('inspect: approving asks "Are you sure everything is correct?" first', async () => {
  const user = userEvent.setup();
  const onFormAction = jest.fn();
  renderEngine({ descriptor: smallForm(), values, viewType: 'inspect', onFormAction });
  await user.click(screen.getByRole('button', { name: 'Approve' }));
  const dialog = await screen.findByRole('dialog', { name: 'Approve the form' });
  expect(dialog).toHaveTextContent('Are you sure everything is correct?');
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(onFormAction).not.toHaveBeenCalled();
  await user.click(screen.getByRole('button', { name: 'Approve' }));
  await user.click(within(await screen.findByRole('dialog', { name: 'Approve the form' })).getByRole('button', { name: 'Yes' }));
  expect(onFormAction).toHaveBeenCalledWith('approve', { values: expect.objectContaining({ code: 'C-1' }), reviews: {} });
});

test('inspect of a corrected form: the answered rejection shows as corrected, does not block approval, and the field may be rejected afresh', async () => {
  const user = userEvent.setup();
  const onFormAction = jest.fn();
  const answered: FieldReviewMap = { code: { reason: 'Wrong code', rejectedValue: 'C-0', correctNote: 'Typo fixed' } };
  renderEngine({ descriptor: smallForm(), values, reviews: answered, viewType: 'inspect', onFormAction });
  const code = fieldBox(screen.getByLabelText('Code'));
  expect(within(code).getByText('Corrected')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Approve' })).toBeEnabled();
  expect(screen.getByRole('button', { name: 'Request correction' })).toBeDisabled();

  await user.click(within(code).getByRole('button', { name: /^Reject: / }));
  await user.type(within(code).getByLabelText('Reason for rejection'), 'Still wrong');
  await user.click(within(code).getByRole('button', { name: 'Reject field' }));
  expect(within(code).getByText('Rejected')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Approve' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Request correction' })).toBeEnabled();
});

describe('correct view', () => {
  const reviews: FieldReviewMap = { code: { reason: 'Wrong code', rejectedValue: 'C-1' } };

  test('a rejected field shows the reason and the rejected value, and counts as corrected once changed', async () => {
    const user = userEvent.setup();
    const onFormAction = jest.fn();
    renderEngine({ descriptor: smallForm(), values, reviews, viewType: 'correct', onFormAction });
    const code = fieldBox(screen.getByLabelText('Code'));
    expect(screen.getByRole('textbox', { name: 'Code' })).toHaveValue('C-1');
    expect(within(code).getByText('Reason for rejection: Wrong code')).toBeInTheDocument();
    expect(within(code).getByText('Rejected value: C-1')).toBeInTheDocument();
    expect(within(code).getByText('Rejected')).toBeInTheDocument();
    // Fields not rejected are read-only in correct view, and nothing offers rejection.
    expect(screen.queryByRole('textbox', { name: 'Note' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Reject: / })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Finish correction' })).toBeDisabled();

    await user.type(screen.getByRole('textbox', { name: 'Code' }), '0');
    expect(within(code).getByText('Corrected')).toBeInTheDocument();
    expect(within(code).getByText('Changed')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Finish correction' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Finish the correction' })).getByRole('button', { name: 'Yes' }));
    expect(onFormAction).toHaveBeenCalledWith('correct', expect.objectContaining({ values: expect.objectContaining({ code: 'C-10' }) }));
  });

  test('a correct note alone also makes the field corrected', async () => {
    const user = userEvent.setup();
    const onReview = jest.fn();
    renderEngine({ descriptor: smallForm(), values, reviews, viewType: 'correct', onReview });
    const code = fieldBox(screen.getByLabelText('Code'));
    await user.click(within(code).getByRole('button', { name: 'Write a correct note' }));
    await user.type(within(code).getByLabelText('Correct note'), 'The code is right');
    await user.click(within(code).getByRole('button', { name: 'Save note' }));
    expect(onReview).toHaveBeenLastCalledWith({ code: { ...reviews.code, correctNote: 'The code is right' } }, { type: 'correctNote', path: 'code' });
    expect(within(code).getByText('Corrected')).toBeInTheDocument();
    expect(within(code).getByText('Correct note: The code is right')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Finish correction' })).toBeEnabled();
  });
});

test('without view permission every field is censored; censoredFields hides single fields', () => {
  const { unmount } = renderEngine({ descriptor: smallForm(), values, viewType: 'edit', permissions: { ...ALL, view: false } });
  expect(screen.getByLabelText('Code')).toHaveTextContent('No permission to view');
  expect(screen.queryByText('C-1')).not.toBeInTheDocument();
  unmount();
  renderEngine({ descriptor: smallForm(), values, viewType: 'edit', permissions: { ...ALL, censoredFields: ['name'] }, allSections: true });
  expect(screen.getByLabelText('Name')).toHaveTextContent('No permission to view');
  expect(screen.queryByText('Kiss')).not.toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: 'Code' })).toHaveValue('C-1');
});

test('fix locks: fix in read view, inspect_fix and correct_fix for the holder, read for everybody else', () => {
  const mine = { code: { userId: 'u1' } };
  const cases = [
    { viewType: 'read', userId: 'u1', editable: true },
    { viewType: 'inspect', userId: 'u1', editable: true },
    { viewType: 'correct', userId: 'u1', editable: true },
    { viewType: 'edit', userId: 'u2', editable: false },
    { viewType: 'read', userId: 'u2', editable: false },
  ] as const;
  for (const c of cases) {
    const { unmount } = renderEngine({ descriptor: smallForm(), values, viewType: c.viewType, userId: c.userId, locks: mine });
    expect([c.viewType, c.userId, screen.queryByRole('textbox', { name: 'Code' }) !== null]).toEqual([c.viewType, c.userId, c.editable]);
    unmount();
  }
  // Edit view without edit permission reads.
  renderEngine({ descriptor: smallForm(), values, viewType: 'edit', permissions: { ...ALL, edit: false } });
  expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
});

test('the leave prompt appears when fields are dirty', async () => {
  const user = userEvent.setup();
  const routes = [
    {
      path: '/',
      element: (
        <>
          <FormEngine descriptor={smallForm()} values={values} permissions={ALL} viewType="edit" today={TODAY} />
          <Link to="/elsewhere">Leave</Link>
        </>
      ),
    },
    { path: '/elsewhere', element: <h1>Elsewhere</h1> },
  ];
  renderWithProviders(<></>, { routes });
  await user.type(screen.getByRole('textbox', { name: 'Code' }), 'x');
  await user.click(screen.getByRole('link', { name: 'Leave' }));
  const prompt = await screen.findByRole('dialog', { name: 'Unsaved changes' });
  await user.click(within(prompt).getByRole('button', { name: 'Cancel' }));
  expect(screen.getByRole('textbox', { name: 'Code' })).toHaveValue('C-1x');
  await user.clear(screen.getByRole('textbox', { name: 'Code' }));
  await user.type(screen.getByRole('textbox', { name: 'Code' }), 'C-1');
  await user.click(screen.getByRole('link', { name: 'Leave' }));
  expect(await screen.findByRole('heading', { name: 'Elsewhere' })).toBeInTheDocument();
});
