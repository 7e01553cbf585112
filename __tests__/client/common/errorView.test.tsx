// The failure view: a crash is reported to our server, the feedback form posts name, e-mail and
// comments, and a report that cannot leave the browser shows the ad-blocker warning.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import nock from 'nock';
import { ErrorBoundary } from '../../../src/common/errorView/ErrorBoundary';
import { API } from '../../helpers/storeHelpers';
import { renderWithProviders } from '../../helpers/renderWithProviders';

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
afterEach(() => nock.cleanAll());

function Broken(): never {
  throw new Error('Cannot read the descriptor');
}

function renderCrash(): void {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  // Startup is not under test here: answer it so the sagas stay quiet.
  nock(API).get('/api/v1/client-configuration').reply(200, { apiVersion: '1.40.1', formBackupEnabled: false });
  renderWithProviders(
    <ErrorBoundary>
      <Broken />
    </ErrorBoundary>,
  );
}

test('a crash is reported and the feedback form sends what the user wrote', async () => {
  const crash = nock(API)
    .post('/api/v1/client-errors', (body) => body.kind === 'crash' && body.message === 'Cannot read the descriptor')
    .reply(201, { results: [{ id: 'c-1' }] });
  const feedback = nock(API)
    .post('/api/v1/client-errors', { kind: 'feedback', url: '/', name: 'Kiss Anna', email: 'anna@example.org', comments: 'I saved the form' })
    .reply(201, { results: [{ id: 'f-1' }] });
  renderCrash();
  expect(screen.getByRole('heading', { name: "It looks like we're having issues." })).toBeInTheDocument();
  expect(screen.getByText('Our team has been notified.')).toBeInTheDocument();
  // The feedback form is a chunk of its own: it comes a moment after the crash page.
  await userEvent.type(await screen.findByLabelText('Name', undefined, { timeout: 5000 }), 'Kiss Anna');
  await userEvent.type(screen.getByLabelText('E-mail'), 'anna@example.org');
  await userEvent.type(screen.getByLabelText(/What happened/), 'I saved the form');
  await userEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
  expect(await screen.findByText('Thank you! Your feedback has been sent.')).toBeInTheDocument();
  expect(crash.isDone()).toBe(true);
  expect(feedback.isDone()).toBe(true);
});

test('the feedback form asks for the comments and a valid e-mail before sending', async () => {
  nock(API).post('/api/v1/client-errors').reply(201, { results: [{ id: 'c-1' }] });
  renderCrash();
  await userEvent.type(await screen.findByLabelText('E-mail', undefined, { timeout: 5000 }), 'not-an-address');
  await userEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
  expect(await screen.findByText('Invalid e-mail address')).toBeInTheDocument();
  expect(screen.getByText('Please describe what happened.')).toBeInTheDocument();
});

test('a report blocked in the browser shows the ad-blocker warning', async () => {
  nock(API).post('/api/v1/client-errors').replyWithError('blocked by client');
  renderCrash();
  expect(await screen.findByRole('alert')).toHaveTextContent(/ad blocker/);
});
