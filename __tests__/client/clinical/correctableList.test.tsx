// The investigator's correctable list (issue 11 item 3): each form says at which level, by whom and
// when it was sent back, and the first reason with how many more fields wait; the monitor's
// approvable list has no such column.
import { screen, within } from '@testing-library/react';
import nock from 'nock';
import { ApprovableFormsPage, CorrectableFormsPage } from '../../../src/features/forms/FormListPage';
import { renderWithProviders } from '../../helpers/renderWithProviders';
import { API } from '../../helpers/storeHelpers';
import { signedIn } from './fixtures';

const item = (rejection: unknown): Record<string, unknown> => ({
  id: 'f-1',
  formTypeId: 7,
  formTypeName: 'Baseline',
  displayId: 'FRM-0001',
  state: 'rejected',
  approvals: [1],
  version: 4,
  updatedAt: '2026-03-02T10:00:00Z',
  physicianId: 'u-1',
  patient: { id: 'p-1', internalPatientNumber: 'SZLK-000001', name: 'Minta Márton' },
  attendance: { id: 'a-1', displayId: 'ATT-1' },
  registry: { id: 'r-1', shortName: 'RA-BIO' },
  rejection,
});

afterEach(() => nock.cleanAll());

test('a correctable form shows the level, the monitor, the date and the first reason', async () => {
  const rejection = { level: 2, reviewer: 'Szabó Gergely', at: '2026-03-02T10:00:00Z', reason: 'Check the lab sheet', count: 3 };
  nock(API).get('/api/v1/forms/correctable').query(true).reply(200, { results: [item(rejection)], total: 1 });
  renderWithProviders(<CorrectableFormsPage />, { preloadedState: signedIn });
  expect(await screen.findByRole('columnheader', { name: 'Sent back' })).toBeInTheDocument();
  const row = (await screen.findByRole('link', { name: 'FRM-0001' })).closest('tr') as HTMLElement;
  expect(within(row).getByText(/^Level 2 · Szabó Gergely · .*2026/)).toBeInTheDocument();
  expect(within(row).getByText('“Check the lab sheet” and 2 more fields')).toBeInTheDocument();
});

test('in Hungarian, and without a recorded monitor', async () => {
  const rejection = { level: 1, reviewer: null, at: null, reason: 'Nézze meg a leletet', count: 1 };
  nock(API).get('/api/v1/forms/correctable').query(true).reply(200, { results: [item(rejection)], total: 1 });
  renderWithProviders(<CorrectableFormsPage />, { preloadedState: signedIn, locale: 'hu' });
  const row = (await screen.findByRole('link', { name: 'FRM-0001' })).closest('tr') as HTMLElement;
  expect(within(row).getByText('1. szint · a monitor nincs rögzítve')).toBeInTheDocument();
  expect(within(row).getByText('„Nézze meg a leletet”')).toBeInTheDocument();
});

test('the approvable list has no "Sent back" column', async () => {
  nock(API).get('/api/v1/forms/approvable').query(true).reply(200, { results: [{ ...item(undefined), state: 'await_inspect' }], total: 1 });
  renderWithProviders(<ApprovableFormsPage />, { preloadedState: signedIn });
  await screen.findByRole('link', { name: 'FRM-0001' });
  expect(screen.queryByRole('columnheader', { name: 'Sent back' })).not.toBeInTheDocument();
});
