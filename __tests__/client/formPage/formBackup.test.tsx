// Form backup (spec auth §9, FORM_BACKUP): while enabled, unsaved work is kept per user and form
// in localStorage and offered back when the form opens again, over the server's current values;
// while disabled, nothing is written and nothing is offered.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import nock from 'nock';
import { formBackupKey } from '../../../src/features/formPage/formBackup';
import type { FormBackup } from '../../../src/features/formPage/formPage.types';
import { API } from '../../helpers/storeHelpers';
import { fieldBox } from '../formEngine/engineHarness';
import { formOf, renderPage, replyForm, VALUES } from './formPageHarness';

const KEY = formBackupKey('u-1', 'f-1');

function storeBackup(backup: Partial<FormBackup> = {}): void {
  const full: FormBackup = {
    savedAt: '2026-03-04T09:30:00Z',
    version: 3,
    base: VALUES,
    kind: 'update',
    values: { ...VALUES, note: 'unsaved words' },
    notes: {},
    ...backup,
  };
  window.localStorage.setItem(KEY, JSON.stringify(full));
}

const storedBackup = (): FormBackup | null => JSON.parse(window.localStorage.getItem(KEY) ?? 'null') as FormBackup | null;
const backupKeys = (): string[] => Object.keys(window.localStorage).filter((key) => key.startsWith('formBackup:'));

function rowOf(table: HTMLElement, field: string): string[] {
  const row = within(table).getByRole('rowheader', { name: field }).closest('tr') as HTMLElement;
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent ?? '');
}

beforeEach(() => window.localStorage.clear());
afterEach(() => window.localStorage.clear());

test('a backup is offered when the form opens, restored as unsaved work, and gone after the save', async () => {
  const user = userEvent.setup();
  storeBackup();
  renderPage(formOf(), { formBackupEnabled: true });
  const offer = await screen.findByRole('region', { name: 'Unsaved changes were found' });
  expect(rowOf(within(offer).getByRole('table'), 'Note')).toEqual(['(empty)', '(empty)', 'unsaved words', 'Your change']);
  expect(within(offer).queryByText(/changed on the server since then/)).not.toBeInTheDocument();
  // Until the user chooses, the form cannot be edited (typing now would compete with the backup).
  expect(screen.queryByRole('button', { name: 'Save draft' })).not.toBeInTheDocument();

  await user.click(within(offer).getByRole('button', { name: /^Restore unsaved changes from / }));
  expect(screen.queryByRole('region', { name: 'Unsaved changes were found' })).not.toBeInTheDocument();
  const note = await screen.findByRole('textbox', { name: 'Note' });
  expect(note).toHaveValue('unsaved words');
  expect(within(fieldBox(note)).getByText('Changed')).toBeInTheDocument();

  const save = nock(API, { reqheaders: { 'x-form-version': '3' } })
    .put('/api/v1/forms/f-1', { values: { ...VALUES, note: 'unsaved words' }, submit: false })
    .reply(200, { results: [formOf({ version: 4 })] }, { 'x-form-version': '4' });
  replyForm(formOf({ version: 4, values: { ...VALUES, note: 'unsaved words' } }));
  await user.click(screen.getByRole('button', { name: 'Save draft' }));
  await waitFor(() => expect(save.isDone()).toBe(true));
  await waitFor(() => expect(storedBackup()).toBeNull());
});

test('a backup of an older version is still offered, with the fields the server changed since', async () => {
  const user = userEvent.setup();
  storeBackup({ version: 2 });
  renderPage(formOf({ values: { ...VALUES, code: 'C-7' } }), { formBackupEnabled: true });
  const offer = await screen.findByRole('region', { name: 'Unsaved changes were found' });
  expect(within(offer).getByText(/changed on the server since then/)).toBeInTheDocument();
  const table = within(offer).getByRole('table');
  expect(rowOf(table, 'Code')).toEqual(['C-1', 'C-7', 'C-1', 'Changed on the server']);
  expect(rowOf(table, 'Note')).toEqual(['(empty)', '(empty)', 'unsaved words', 'Your change']);

  await user.click(within(offer).getByRole('button', { name: /^Restore unsaved changes from / }));
  expect(await screen.findByRole('textbox', { name: 'Note' })).toHaveValue('unsaved words');
  // The server's change is kept: only what the user had changed is laid over it.
  expect(screen.getByRole('textbox', { name: 'Code' })).toHaveValue('C-7');
  // The backup now belongs to the version the restored work is based on.
  await waitFor(() => expect(storedBackup()?.base).toEqual({ ...VALUES, code: 'C-7' }));
});

test('discarding the backup asks first, then removes it and leaves the form as saved', async () => {
  const user = userEvent.setup();
  storeBackup();
  renderPage(formOf(), { formBackupEnabled: true });
  const offer = await screen.findByRole('region', { name: 'Unsaved changes were found' });
  await user.click(within(offer).getByRole('button', { name: 'Discard' }));
  const dialog = await screen.findByRole('dialog', { name: 'Discard the unsaved changes?' });
  await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
  await waitFor(() => expect(screen.queryByRole('region', { name: 'Unsaved changes were found' })).not.toBeInTheDocument());
  expect(await screen.findByRole('textbox', { name: 'Note' })).toHaveValue('');
  expect(storedBackup()).toBeNull();
});

test('while enabled, edits are kept per user and form (throttled), the latest before a failed save included', async () => {
  const user = userEvent.setup();
  const setItem = jest.spyOn(Storage.prototype, 'setItem');
  renderPage(formOf(), { formBackupEnabled: true });
  await user.type(await screen.findByRole('textbox', { name: 'Note' }), 'my words');
  // Eight keystrokes, but at most one write a second.
  expect(setItem.mock.calls.filter(([key]) => key === KEY).length).toBeLessThan(8);
  setItem.mockRestore();
  nock(API).put('/api/v1/forms/f-1').reply(500, { message: 'Internal Server Error', statusCode: 500, code: 'internal' });
  await user.click(screen.getByRole('button', { name: 'Save draft' }));
  expect(await screen.findByText('Error saving form')).toBeInTheDocument();
  expect(storedBackup()).toEqual(
    expect.objectContaining({ version: 3, kind: 'update', base: VALUES, values: { ...VALUES, note: 'my words' }, notes: {} }),
  );
});

test('while disabled, nothing is written and an old backup is not offered', async () => {
  const user = userEvent.setup();
  storeBackup();
  const { store } = renderPage(formOf(), { formBackupEnabled: false });
  // The startup clears backups when the server has them off.
  await waitFor(() => expect(backupKeys()).toEqual([]));
  await user.type(await screen.findByRole('textbox', { name: 'Note' }), 'my words');
  nock(API).put('/api/v1/forms/f-1').reply(500, { message: 'Internal Server Error', statusCode: 500, code: 'internal' });
  await user.click(screen.getByRole('button', { name: 'Save draft' }));
  expect(await screen.findByText('Error saving form')).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Unsaved changes were found' })).not.toBeInTheDocument();
  expect(store.getState().formPage.backup).toBeNull();
  expect(backupKeys()).toEqual([]);
});
