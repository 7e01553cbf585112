// The statistics page by role and label: each statistic is a section with its chart (an image
// named by its title) beside its download button; every chart shows its numbers as a table on
// request; the overdue follow-ups are a table; the filters go to the calls; a backwards date
// range is refused before anything is sent; both languages.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import nock from 'nock';
import { StatisticsPage } from '../../../src/features/statistics/StatisticsPage';
import { renderWithProviders } from '../../helpers/renderWithProviders';
import { signedInAs } from '../admin/adminFixtures';
import { ADMIN_CALLER, nockChoices, nockStatistics } from './statisticsFixtures';

jest.setTimeout(45_000);

const warn = console.warn;
beforeAll(() => {
  nock.disableNetConnect();
  // jsdom lays nothing out, so recharts finds its container 0 px wide and says so; browsers do not.
  jest.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).includes('of chart should be greater than 0')) warn(...args);
  });
});
afterAll(() => {
  nock.enableNetConnect();
  jest.restoreAllMocks();
});
afterEach(() => nock.cleanAll());

function renderPage(locale?: 'hu' | 'en'): ReturnType<typeof renderWithProviders> {
  nockChoices();
  nockStatistics({}, {});
  return renderWithProviders(<StatisticsPage />, {
    locale: locale ?? 'en',
    preloadedState: signedInAs(ADMIN_CALLER as never),
    routes: [{ path: '/statistics', element: <StatisticsPage /> }],
    route: '/statistics',
  });
}

test('each statistic shows its chart beside its download button, and the chart as a table on request', async () => {
  const user = userEvent.setup();
  renderPage();
  const approval = await screen.findByRole('region', { name: 'Registry attendance count' });
  expect(within(approval).getByRole('button', { name: 'Download registry-attendance-count.xlsx' })).toBeInTheDocument();
  expect(within(approval).getByRole('img', { name: 'Forms per institute by state' })).toBeInTheDocument();
  expect(within(approval).getByRole('img', { name: 'Attendances per month and patients reached against the target' })).toBeInTheDocument();
  expect(within(approval).getByText('Target: 1,500 patients')).toBeInTheDocument();

  const [statesToggle, attendancesToggle] = within(approval).getAllByRole('button', { name: 'Show as table' });
  await user.click(statesToggle);
  const states = within(approval).getByRole('table', { name: 'Forms per institute by state' });
  // Rows by institute (sorted), one column per state, every form type and level summed.
  expect(within(states).getByRole('row', { name: /^DUNA/ })).toHaveTextContent('DUNA010000');
  expect(within(states).getByRole('row', { name: /^SZLK/ })).toHaveTextContent('SZLK500004');
  expect(statesToggle).toHaveAttribute('aria-pressed', 'true');
  await user.click(attendancesToggle);
  const months = within(approval).getByRole('table', { name: 'Attendances per month and patients reached against the target' });
  expect(within(months).getByRole('row', { name: /2026-01/ })).toHaveTextContent('2026-011,2001,100');

  const activity = screen.getByRole('region', { name: 'User activity' });
  expect(within(activity).getByRole('img', { name: 'Form operations per user' })).toBeInTheDocument();
  expect(within(activity).getByRole('button', { name: 'Download user-activity.xlsx' })).toBeInTheDocument();

  const rejections = screen.getByRole('region', { name: 'Rejection count' });
  expect(within(rejections).getByRole('button', { name: 'Download rejection-count.xlsx' })).toBeInTheDocument();
  await user.click(within(rejections).getByRole('button', { name: 'Show as table' }));
  const perField = within(rejections).getByRole('table', { name: 'Rejections per field' });
  // esr: 3 + 1 rejections over two institutes and levels, 2 + 1 corrected; most rejected first.
  expect(within(perField).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual(['esr43', 'ghVas20']);
  await user.click(within(rejections).getByRole('button', { name: 'Show as chart' }));
  expect(within(rejections).getByRole('img', { name: 'Rejections per field' })).toBeInTheDocument();

  const followUps = screen.getByRole('region', { name: 'Follow up' });
  expect(within(followUps).getByRole('button', { name: 'Download follow-up.xlsx' })).toBeInTheDocument();
  expect(within(followUps).getByText('1 of 2 patients are overdue.')).toBeInTheDocument();
  const overdue = within(followUps).getByRole('table', { name: 'Overdue follow-ups' });
  expect(within(overdue).getAllByRole('row')).toHaveLength(2);
  expect(within(overdue).getByRole('row', { name: /SZLK-0007/ })).toHaveTextContent('Month 3');
  expect(within(overdue).queryByText('SZLK-0008')).not.toBeInTheDocument();
});

test('the filters go to every call; a backwards range is refused before anything is sent', async () => {
  const user = userEvent.setup();
  renderPage();
  await screen.findByRole('region', { name: 'Follow up' });
  await screen.findByRole('option', { name: 'Rheumatology Biologic Therapy Registry' });
  await user.selectOptions(screen.getByLabelText('Registry'), 'r-1');
  await user.selectOptions(screen.getByLabelText('Institute'), 'i-1');
  await user.type(screen.getByLabelText('From'), '2026-03-01');
  await user.type(screen.getByLabelText('To'), '2026-01-01');
  await user.click(screen.getByRole('button', { name: 'Apply filters' }));
  expect(await screen.findByText('"From" date have to be earlier than "To" date')).toBeInTheDocument();
  // Nothing was sent: an unanswered call would have put the page in its error state.
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();

  const calls = nockStatistics({ registryId: 'r-1', instituteId: 'i-1', from: '2026-01-01', to: '2026-01-01' }, { name: 'RA-BIO', instituteId: 'i-1', from: '2026-01-01', to: '2026-01-01' });
  await user.clear(screen.getByLabelText('From'));
  await user.type(screen.getByLabelText('From'), '2026-01-01');
  await user.click(screen.getByRole('button', { name: 'Apply filters' }));
  await waitFor(() => expect(calls.every((call) => call.isDone())).toBe(true));
  expect(await screen.findByRole('region', { name: 'Follow up' })).toBeInTheDocument();
});

test('Hungarian: labels and numbers in Hungarian', async () => {
  renderPage('hu');
  const approval = await screen.findByRole('region', { name: 'Regiszter vizitszám' });
  expect(within(approval).getByRole('img', { name: 'Űrlapok intézményenként, állapot szerint' })).toBeInTheDocument();
  // Hungarian groups only from five digits: 1500, not 1 500.
  expect(within(approval).getByText('Cél: 1500 beteg')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'follow-up.xlsx letöltése' })).toBeInTheDocument();
});
