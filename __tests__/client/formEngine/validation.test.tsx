// Submit and draft rules, the validation pane, live validation throttled to once per second, and
// the submit-attempted / in-progress flags.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SubmitRequest } from '../../../src/formEngine';
import { demo, HEADER, renderEngine, smallForm } from './engineHarness';

test('the pane lists the missing mandatory fields by section in field order, and an entry jumps to its field', async () => {
  const user = userEvent.setup();
  const onSubmit = jest.fn();
  renderEngine({ descriptor: demo('RA-BASELINE'), values: { ...HEADER }, onSubmit });
  await user.click(screen.getByRole('button', { name: 'Save' }));
  const pane = await screen.findByRole('dialog', { name: 'Check the form' });
  expect(onSubmit).not.toHaveBeenCalled();
  const diagnosis = within(within(pane).getByRole('region', { name: 'Diagnosis' })).getAllByRole('button');
  expect(diagnosis.map((b) => b.textContent)).toEqual([
    'Error: Visit date: required',
    'Error: Diagnosis: required',
    'Error: Date of diagnosis: required',
  ]);
  // The header group comes first: the visit start is mandatory there.
  const regions = within(pane).getAllByRole('region').map((r) => r.getAttribute('aria-label'));
  expect(regions.slice(0, 3)).toEqual(['Form header', 'Diagnosis', 'Demographics and examination']);
  expect(within(within(pane).getByRole('region', { name: 'Disease activity' })).getByRole('button', { name: /ESR: required/ })).toBeInTheDocument();
  expect(within(pane).getAllByRole('button')[1]).toHaveFocus();

  await user.click(within(within(pane).getByRole('region', { name: 'Disease activity' })).getByRole('button', { name: 'Error: ESR: required' }));
  expect(screen.queryByRole('dialog', { name: 'Check the form' })).not.toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 2, name: 'Disease activity' })).toBeInTheDocument();
  await waitFor(() => expect(screen.getByLabelText('ESR')).toHaveFocus());
  expect(screen.getByLabelText('ESR')).toHaveAccessibleDescription(/required/);
  expect(screen.getByLabelText('ESR')).toHaveAttribute('aria-invalid', 'true');
});

test('closing the pane of a held submit moves focus to the first error', async () => {
  const user = userEvent.setup();
  renderEngine({ descriptor: smallForm(), values: { ...HEADER }, initialSection: 1 });
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await screen.findByRole('dialog', { name: 'Check the form' });
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.getByLabelText('Code')).toHaveFocus());
});

test('saving stays inactive until the patient and the physician are filled', async () => {
  const user = userEvent.setup();
  renderEngine({ descriptor: smallForm() });
  expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Save draft' })).toBeDisabled();
  expect(screen.getByText('Fill in the patient and the physician to save.')).toBeInTheDocument();
  await user.type(screen.getByLabelText('Patient'), 'P');
  expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  await user.type(screen.getByLabelText('Physician'), 'D');
  expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  expect(screen.getByRole('button', { name: 'Save draft' })).toBeEnabled();
});

test('an indispensable field blocks a draft; a plain mandatory field blocks only the submit', async () => {
  const user = userEvent.setup();
  const submitted: SubmitRequest[] = [];
  renderEngine({ descriptor: smallForm(), values: { ...HEADER }, onSubmit: (r) => void submitted.push(r) });
  await user.click(screen.getByRole('button', { name: 'Save draft' }));
  let pane = await screen.findByRole('dialog', { name: 'Check the form' });
  expect(within(pane).getByRole('button', { name: 'Save anyway' })).toBeDisabled();
  expect(within(pane).getByText('Errors on mandatory fields (bold) must be corrected before a draft can be saved.')).toBeInTheDocument();
  await user.keyboard('{Escape}');

  await user.type(screen.getByLabelText('Code'), 'X1');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  pane = await screen.findByRole('dialog', { name: 'Check the form' });
  expect(within(pane).getByRole('button', { name: 'Error: Name: required' })).toBeInTheDocument();
  expect(within(pane).getByRole('button', { name: 'Save anyway' })).toBeDisabled();
  await user.keyboard('{Escape}');

  await user.click(screen.getByRole('button', { name: 'Save draft' }));
  pane = await screen.findByRole('dialog', { name: 'Check the form' });
  await user.click(within(pane).getByRole('button', { name: 'Save anyway' }));
  expect(submitted).toEqual([{ submitType: 'draft', values: { ...HEADER, code: 'X1' }, issues: [expect.objectContaining({ path: 'name', key: 'any.required' })] }]);
});

test('warnings alone do not hold a submit from the pane', async () => {
  const user = userEvent.setup();
  const onSubmit = jest.fn();
  renderEngine({ descriptor: smallForm(), values: { ...HEADER, code: 'C', name: 'N', note: 'ab' }, onSubmit });
  await user.click(screen.getByRole('button', { name: 'Save' }));
  const pane = await screen.findByRole('dialog', { name: 'Check the form' });
  expect(within(pane).getByRole('button', { name: 'Warning: Note: is shorter than 5' })).toBeInTheDocument();
  await user.click(within(pane).getByRole('button', { name: 'Save anyway' }));
  expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ submitType: 'submit' }));
});

test('a failed submit clears in-progress and keeps the changes; a successful one makes the form clean', async () => {
  const user = userEvent.setup();
  let fail = true;
  const onSubmit = jest.fn(() => (fail ? Promise.reject(new Error('409')) : Promise.resolve()));
  const { container } = renderEngine({ descriptor: smallForm(), values: { ...HEADER, code: 'C', name: 'N' }, onSubmit });
  const form = container.querySelector('form') as HTMLFormElement;
  await user.type(screen.getByLabelText('Code'), '2');
  expect(screen.getByText('Changed')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(form).toHaveAttribute('data-submit-attempted', 'true');
  await waitFor(() => expect(form).not.toHaveAttribute('data-submit-in-progress'));
  expect(onSubmit).toHaveBeenCalledTimes(1);
  expect(screen.getByText('Changed')).toBeInTheDocument();
  fail = false;
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(screen.queryByText('Changed')).not.toBeInTheDocument());
  expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
});

describe('live validation', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  test('runs on change at most once per 1000 ms, validating what changed', () => {
    renderEngine({ descriptor: smallForm(), values: { ...HEADER }, allSections: true });
    const age = screen.getByLabelText('Age');
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'x' } });
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: '' } });
    // The first change validated at once; the second waits for the end of the second.
    expect(screen.queryByText('required')).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(999));
    expect(screen.queryByText('required')).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByText('required')).toBeInTheDocument();
    expect(age).not.toHaveAttribute('aria-invalid');
    act(() => jest.advanceTimersByTime(1000));
    fireEvent.change(age, { target: { value: '130' } });
    expect(screen.getByText('must be less than 120')).toBeInTheDocument();
  });

  test('runs on blur', () => {
    renderEngine({ descriptor: smallForm(), values: { ...HEADER } });
    fireEvent.blur(screen.getByLabelText('Code'));
    expect(screen.getByLabelText('Code')).toHaveAccessibleDescription('required');
  });

  test('never runs in read view', () => {
    renderEngine({ descriptor: smallForm(), values: { ...HEADER }, viewType: 'read' });
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Code')).toHaveTextContent('Not filled in');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(5000));
    expect(screen.queryByText('required')).not.toBeInTheDocument();
  });
});

test('chrome and issues are in Hungarian with a Hungarian descriptor', async () => {
  const user = userEvent.setup();
  renderEngine({ descriptor: demo('RA-BASELINE', 'hu'), values: { patient: 'P', physician: 'D' } }, 'hu');
  await user.click(screen.getByRole('button', { name: 'Mentés' }));
  const pane = await screen.findByRole('dialog', { name: 'Az űrlap ellenőrzése' });
  expect(within(pane).getByRole('button', { name: /^Hiba: Vizit dátuma: / })).toBeInTheDocument();
});
