// The form's record in the history pane: each operation by name with its level, who and when, the
// field changes old → new under the descriptor's section and field labels, reasons and notes, a
// print button, and a failed load. (historyEntries.test.tsx reads the entries in both languages.)
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import nock from 'nock';
import { API } from '../../helpers/storeHelpers';
import { formOf, renderPage } from './formPageHarness';

const ENTRIES = [
  {
    id: 'h-1',
    at: '2026-03-01T10:00:00Z',
    userId: 'u-1',
    userName: 'Dr. Kiss Anna',
    onBehalfOf: null,
    operation: 'create',
    level: null,
    changes: [{ path: 'code', new: 'C-1' }],
    reasons: {},
    notes: {},
  },
  {
    id: 'h-2',
    at: '2026-03-02T10:00:00Z',
    userId: 'u-9',
    userName: 'Dr. Monitor',
    onBehalfOf: null,
    operation: 'reject',
    level: 1,
    changes: [],
    reasons: { code: 'Looks wrong' },
    notes: {},
  },
  {
    id: 'h-3',
    at: '2026-03-03T10:00:00Z',
    userId: 'u-1',
    userName: 'Dr. Kiss Anna',
    onBehalfOf: null,
    operation: 'correct_finalized',
    level: null,
    changes: [{ path: 'code', old: 'C-1', new: 'C-2' }],
    reasons: {},
    notes: { dose: 'The dose is right' },
  },
];

test('the history pane lists every operation with its level and the field changes', async () => {
  const user = userEvent.setup();
  const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
  renderPage(formOf());
  nock(API).get('/api/v1/forms/f-1/history').reply(200, { results: ENTRIES });
  await user.click(await screen.findByRole('button', { name: 'History' }));
  const pane = await screen.findByRole('dialog', { name: 'Form history' });
  const items = await within(pane).findAllByRole('listitem');
  expect(items).toHaveLength(3);

  expect(within(items[0]).getByText('Draft created')).toBeInTheDocument();
  expect(items[0]).toHaveTextContent('Dr. Kiss Anna');
  expect(within(items[0]).getByText('First part › Code: (empty) → C-1')).toBeInTheDocument();

  expect(within(items[1]).getByText('Rejected at level 1: sent back for correction')).toBeInTheDocument();
  expect(within(items[1]).getByText('Reason for rejecting First part › Code: Looks wrong')).toBeInTheDocument();

  expect(within(items[2]).getByText('Correction finalized')).toBeInTheDocument();
  expect(within(items[2]).getByText('First part › Code: C-1 → C-2')).toBeInTheDocument();
  expect(within(items[2]).getByText('Correct note on First part › Daily dose: The dose is right')).toBeInTheDocument();

  // The record prints on its own, headed with the form's identifier.
  expect(within(pane).getByText('History of form FRM-0001')).toBeInTheDocument();
  await user.click(within(pane).getByRole('button', { name: 'Print' }));
  expect(print).toHaveBeenCalledTimes(1);
  print.mockRestore();
});

test('a history that cannot be loaded says so', async () => {
  const user = userEvent.setup();
  renderPage(formOf());
  nock(API).get('/api/v1/forms/f-1/history').reply(500, { message: 'Internal Server Error', statusCode: 500, code: 'internal' });
  await user.click(await screen.findByRole('button', { name: 'History' }));
  const pane = await screen.findByRole('dialog', { name: 'Form history' });
  expect(await within(pane).findByRole('alert')).toHaveTextContent('Error loading form history');
  expect(within(pane).queryAllByRole('listitem')).toHaveLength(0);
});
