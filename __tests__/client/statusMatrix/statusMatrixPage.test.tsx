// The status matrix page: the registry's periods as columns, each form as a link to its page with
// its state and approval level in symbol and text and a full accessible name, and the
// "needs my action" filter as one more request for the first page.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import nock from 'nock';
import { StatusMatrixPage } from '../../../src/features/statusMatrix/StatusMatrixPage';
import { renderWithProviders } from '../../helpers/renderWithProviders';
import { API } from '../../helpers/storeHelpers';
import { answerStartup, dashboardRegistry, list, signedIn } from '../clinical/fixtures';
import { matrixAnswer, row } from './fixtures';

jest.setTimeout(20_000);

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
beforeEach(() => answerStartup());
afterEach(() => nock.cleanAll());

const routes = [
  { path: '/registries/:registryId/status-matrix', element: <StatusMatrixPage /> },
  { path: '/status-matrix', element: <StatusMatrixPage /> },
  { path: '/forms/:formId', element: <p>form page</p> },
];

test('the matrix shows each form as a linked symbol and text with an accessible name', async () => {
  nock(API).get('/api/v1/accessible-registries').query(true).reply(200, list([dashboardRegistry({ id: 'r-1' })]));
  nock(API).get('/api/v1/registries/r-1/status-matrix').query(true).reply(200, matrixAnswer([row(), row({ attendanceId: 'a-2', attendanceDisplayId: 'DEK-1', attendanceState: 'disqualified', cells: [[], [], []] })]));
  renderWithProviders(<StatusMatrixPage />, { preloadedState: signedIn, routes, route: '/registries/r-1/status-matrix' });

  expect(await screen.findByRole('heading', { level: 1, name: 'Subject status matrix: Rheumatoid arthritis registry' })).toBeInTheDocument();
  const table = await screen.findByRole('table', { name: 'Subject status matrix' });
  const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
  expect(headers).toEqual(expect.arrayContaining([expect.stringContaining('Baseline: Baseline'), expect.stringContaining('Baseline: AE'), expect.stringContaining('Month 3: Follow-up')]));

  const waiting = await within(table).findByRole('link', { name: 'Baseline: Baseline, form SZLK-RA-BIO-20260110-1-1: Awaiting approval, 1 of 2 approval levels, needs your action' });
  expect(waiting).toHaveAttribute('href', '/forms/f-1');
  // Not colour alone: the state, the level and the turn are in the text, the symbol beside them.
  expect(waiting).toHaveTextContent('◷ Awaiting approval 1/2 (your turn)');
  expect(within(table).getByRole('link', { name: /form AE-1: Final, 2 of 2 approval levels$/ })).toHaveTextContent('✓ Final 2/2');
  expect(within(table).getByRole('link', { name: /form AE-2: Draft/ })).toHaveTextContent('✎ Draft');
  expect(within(table).getAllByText('No form').length).toBeGreaterThanOrEqual(4);
  expect(within(table).getByText('Disqualified')).toBeInTheDocument();
});

test('"Only where my action is needed" asks the server for that filter from the first page', async () => {
  nock(API).get('/api/v1/accessible-registries').query(true).reply(200, list([dashboardRegistry({ id: 'r-1' })]));
  nock(API).get('/api/v1/registries/r-1/status-matrix').query({ offset: '0', limit: '10', statistics: 'true' }).reply(200, matrixAnswer([row(), row({ attendanceId: 'a-2', cells: [[], [], []] })], 2));
  const filtered = nock(API)
    .get('/api/v1/registries/r-1/status-matrix')
    .query({ offset: '0', limit: '10', statistics: 'true', filter: 'needsMyAction==true' })
    .reply(200, matrixAnswer([row()], 1));
  const { store } = renderWithProviders(<StatusMatrixPage />, { preloadedState: signedIn, routes, route: '/registries/r-1/status-matrix' });
  await screen.findByRole('link', { name: /form SZLK-RA-BIO-20260110-1-1/ });
  await userEvent.click(screen.getByRole('switch', { name: 'Only where my action is needed' }));
  await screen.findByText((_, element) => element?.tagName === 'TBODY' && element.querySelectorAll('tr').length === 1);
  expect(filtered.isDone()).toBe(true);
  expect(store.getState().statusMatrix.total).toBe(1);
});

test('the menu\'s page offers the registries to choose from', async () => {
  nock(API).get('/api/v1/accessible-registries').query(true).reply(200, list([dashboardRegistry({ id: 'r-1' }), dashboardRegistry({ id: 'r-2', name: 'Oncology trial' })]));
  renderWithProviders(<StatusMatrixPage />, { preloadedState: signedIn, routes, route: '/status-matrix' });
  expect(await screen.findByRole('link', { name: 'Oncology trial' })).toHaveAttribute('href', '/registries/r-2/status-matrix');
  expect(screen.getByRole('link', { name: 'Rheumatoid arthritis registry' })).toHaveAttribute('href', '/registries/r-1/status-matrix');
});

test('a visit-id search the server stopped counting shows "more than" its total, then the exact one again', async () => {
  nock(API).get('/api/v1/accessible-registries').query(true).reply(200, list([dashboardRegistry({ id: 'r-1' })]));
  nock(API)
    .get('/api/v1/registries/r-1/status-matrix')
    .query({ offset: '0', limit: '10', statistics: 'true' })
    .reply(200, { ...matrixAnswer([row()]), statistics: { total: 10000, capped: true } });
  nock(API).get('/api/v1/registries/r-1/status-matrix').query({ offset: '0', limit: '10', statistics: 'true', filter: 'needsMyAction==true' }).reply(200, matrixAnswer([row()], 1));
  renderWithProviders(<StatusMatrixPage />, { preloadedState: signedIn, routes, route: '/registries/r-1/status-matrix' });
  expect(await screen.findByText('Total: more than 10,000')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Last page' })).toBeDisabled();
  await userEvent.click(screen.getByRole('switch', { name: 'Only where my action is needed' }));
  expect(await screen.findByText('Total: 1')).toBeInTheDocument();
});
