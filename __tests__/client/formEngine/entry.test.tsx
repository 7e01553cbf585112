// Data entry in new/edit view: calculated fields, dependent groups, multi-fields, gene list,
// file upload, sections and keyboard use, on the demo descriptors.
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clampSection, type SubmitRequest } from '../../../src/formEngine';
import { demo, fieldBox, HEADER, renderEngine } from './engineHarness';

const baseline = demo('RA-BASELINE');
const activity = baseline.sections.findIndex((s) => s.id === 'activitySection');

test('typing the DAS28 inputs computes DAS28-ESR on the baseline form', async () => {
  const user = userEvent.setup();
  renderEngine({ descriptor: baseline, initialSection: activity });
  expect(screen.getByRole('heading', { name: 'Disease activity', level: 2 })).toBeInTheDocument();
  expect(screen.getByLabelText('DAS28-ESR')).toHaveTextContent('Not filled in');
  await user.type(screen.getByLabelText('Tender joint count (28)'), '4');
  await user.type(screen.getByLabelText('Swollen joint count (28)'), '9');
  await user.type(screen.getByLabelText('ESR'), '20');
  await user.type(screen.getByLabelText('Patient global health (VAS)'), '50');
  // 0.56·√4 + 0.28·√9 + 0.70·ln 20 + 0.014·50 = 4.757
  expect(screen.getByLabelText('DAS28-ESR')).toHaveTextContent('4.76');
  // CDAI also needs the physician's assessment: an empty operand leaves it empty.
  expect(screen.getByLabelText('CDAI')).toHaveTextContent('Not filled in');
  await user.type(screen.getByLabelText('Physician global assessment (VAS)'), '30');
  expect(screen.getByLabelText('CDAI')).toHaveTextContent('21');
});

test('a dependent group shows while its predicate holds and its values leave the submit when hidden', async () => {
  const user = userEvent.setup();
  const submitted: SubmitRequest[] = [];
  renderEngine({ descriptor: baseline, values: { ...HEADER }, initialSection: 0, onSubmit: (r) => void submitted.push(r) });
  expect(screen.queryByLabelText('RF titre')).not.toBeInTheDocument();
  await user.selectOptions(screen.getByLabelText('Rheumatoid factor'), 'Positive');
  await user.type(screen.getByLabelText('RF titre'), '120');
  expect(screen.getByRole('group', { name: 'RF value' })).toBeInTheDocument();
  await user.selectOptions(screen.getByLabelText('Rheumatoid factor'), 'Negative');
  expect(screen.queryByLabelText('RF titre')).not.toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Save draft' }));
  const pane = await screen.findByRole('dialog', { name: 'Check the form' });
  // Indispensable fields are empty: the draft cannot be saved from the pane either.
  expect(within(pane).getByRole('button', { name: 'Save anyway' })).toBeDisabled();
  expect(submitted).toHaveLength(0);
});

test('hidden dependent values are dropped from the submitted values', async () => {
  const user = userEvent.setup();
  const submitted: SubmitRequest[] = [];
  const ae = demo('RA-AE');
  renderEngine({ descriptor: ae, values: { ...HEADER, aeTerm: 'Pneumonia', aeOnsetDate: '2026-01-02', ctcaeGrade: '3', serious: false }, onSubmit: (r) => void submitted.push(r) });
  await user.click(within(screen.getByRole('group', { name: 'Ongoing' })).getByLabelText('No'));
  fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2026-01-05' } });
  expect(screen.getByLabelText('Duration')).toHaveTextContent('4');
  await user.click(within(screen.getByRole('group', { name: 'Ongoing' })).getByLabelText('Yes'));
  expect(screen.queryByLabelText('End date')).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Save draft' }));
  await user.click(await screen.findByRole('button', { name: 'Save anyway' }));
  expect(submitted).toHaveLength(1);
  expect(submitted[0].submitType).toBe('draft');
  expect(submitted[0].values).toMatchObject({ aeTerm: 'Pneumonia', aeOngoing: true });
  expect(submitted[0].values).not.toHaveProperty('aeEndDate');
});

test('multi-field entries are added, and removed only after the delete confirmation', async () => {
  const user = userEvent.setup();
  const ae = demo('RA-AE');
  const medSection = ae.sections.findIndex((s) => ae.form.sections.find((x) => x.id === s.id)?.fields.some((f) => f.type === 'multiField'));
  renderEngine({ descriptor: ae, initialSection: medSection });
  await user.click(screen.getByRole('button', { name: 'Add entry' }));
  await user.click(screen.getByRole('button', { name: 'Add entry' }));
  expect(screen.getByRole('group', { name: 'Entry 2' })).toBeInTheDocument();
  const first = within(screen.getByRole('group', { name: 'Entry 1' }));
  const second = within(screen.getByRole('group', { name: 'Entry 2' }));
  const firstText = first.getAllByRole('textbox')[0];
  await user.type(firstText, 'first');
  await user.type(second.getAllByRole('textbox')[0], 'second');

  await user.click(screen.getByRole('button', { name: 'Remove entry 1' }));
  const dialog = await screen.findByRole('dialog', { name: 'Remove entry' });
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(screen.getByRole('group', { name: 'Entry 2' })).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Remove entry 1' }));
  await user.click(within(await screen.findByRole('dialog', { name: 'Remove entry' })).getByRole('button', { name: 'Remove' }));
  expect(screen.queryByRole('group', { name: 'Entry 2' })).not.toBeInTheDocument();
  expect(within(screen.getByRole('group', { name: 'Entry 1' })).getAllByRole('textbox')[0]).toHaveValue('second');
});

test('multi-field entries cannot be added or removed in read view', () => {
  const ae = demo('RA-AE');
  const medSection = ae.sections.findIndex((s) => ae.form.sections.find((x) => x.id === s.id)?.fields.some((f) => f.type === 'multiField'));
  const medsId = ae.form.sections[medSection].fields.find((f) => f.type === 'multiField')?.id as string;
  renderEngine({ descriptor: ae, viewType: 'read', values: { [medsId]: [{}] }, initialSection: medSection });
  expect(screen.getByRole('group', { name: 'Entry 1' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Add entry' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Remove entry 1' })).not.toBeInTheDocument();
});

test('the gene list requires a gene name and refuses a duplicate', async () => {
  const user = userEvent.setup();
  const onco = demo('NSCLC-ENROL');
  const genetics = onco.sections.findIndex((s) => s.id === 'geneticsSection');
  renderEngine({ descriptor: onco, initialSection: genetics, values: { molecularTesting: true } });
  expect(screen.getByRole('group', { name: 'Detected gene variants' })).toBeInTheDocument();
  const input = screen.getByLabelText('Gene name to add');
  await user.click(screen.getByRole('button', { name: 'Add gene' }));
  expect(screen.getByRole('alert')).toHaveTextContent('a gene name is required');
  await user.type(input, 'KRAS{Enter}');
  expect(screen.getByText('KRAS')).toBeInTheDocument();
  await user.type(input, 'kras');
  await user.click(screen.getByRole('button', { name: 'Add gene' }));
  expect(screen.getByRole('alert')).toHaveTextContent('gene kras is already in the list');
  expect(input).toHaveAccessibleDescription(/already in the list/);
  expect(screen.getAllByRole('button', { name: /^Remove gene/ })).toHaveLength(1);
});

test('a file upload records the name, size and type', async () => {
  const user = userEvent.setup();
  const consent = baseline.sections.findIndex((s) => s.id === 'consentSection');
  const changes: unknown[] = [];
  renderEngine({ descriptor: baseline, initialSection: consent, onChange: (_p, v) => void changes.push(v) });
  const file = new File(['%PDF-1.4'], 'consent.pdf', { type: 'application/pdf' });
  await user.upload(screen.getByLabelText('Signed consent form'), file);
  expect(changes.at(-1)).toEqual({ fileId: 'local:consent.pdf:8', fileName: 'consent.pdf', size: 8, mimeType: 'application/pdf' });
  expect(screen.getByText('consent.pdf (8 bytes)')).toBeInTheDocument();
});

test('sections are navigated by the side list and previous/next, clamped to the form', async () => {
  const user = userEvent.setup();
  renderEngine({ descriptor: baseline, initialSection: 99 });
  const last = baseline.sections.length - 1;
  expect(screen.getByRole('heading', { level: 2, name: 'Consent' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Next section' })).toBeDisabled();
  const nav = screen.getByRole('navigation', { name: 'Form sections' });
  await user.click(within(nav).getByRole('button', { name: 'Diagnosis' }));
  expect(within(nav).getByRole('button', { name: 'Diagnosis' })).toHaveAttribute('aria-current', 'step');
  await user.click(screen.getByRole('button', { name: 'Next section' }));
  expect(screen.getByRole('heading', { level: 2, name: 'Demographics and examination' })).toBeInTheDocument();
  expect([clampSection(-3, 9), clampSection(12, 9), clampSection(4, 9), clampSection(2, 0)]).toEqual([0, 8, 4, 0]);
  expect(last).toBe(8);
});

test('the form is usable with the keyboard alone', async () => {
  const user = userEvent.setup();
  renderEngine({ descriptor: baseline, initialSection: 0 });
  act(() => screen.getByLabelText('Patient').focus());
  await user.keyboard('P-9');
  await user.tab();
  expect(screen.getByLabelText('Physician')).toHaveFocus();
  await user.keyboard('Dr. K');
  await user.tab();
  await user.tab();
  await user.tab();
  // Radios of "Diagnosis": arrow keys move the choice.
  const radio = within(screen.getByRole('group', { name: 'Diagnosis' })).getAllByRole('radio')[0];
  act(() => radio.focus());
  await user.keyboard(' ');
  expect(radio).toBeChecked();
  expect(fieldBox(radio)).toHaveTextContent('Changed');
  expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
});
