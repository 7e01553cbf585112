// Switching the language with a form open: the page's own texts and the descriptor's labels change
// at once, and what the user typed stays typed (the engine relabels in place, nothing remounts).
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import nock from 'nock';
import { localeActions } from '../../../src/features/locale/locale.slice';
import { API } from '../../helpers/storeHelpers';
import { testDescriptorDocument } from '../../helpers/testDescriptor';
import { DESCRIPTOR_PARTS, formOf, renderPage } from './formPageHarness';

const HUNGARIAN = testDescriptorDocument({
  ...DESCRIPTOR_PARTS,
  locale: 'hu',
  labels: { first: 'Első rész', code: 'Kód', note: 'Megjegyzés', dose: 'Napi adag', patient: 'Beteg', physician: 'Orvos' },
});

test('an open form with unsaved typing switches to Hungarian labels and keeps the typing', async () => {
  const user = userEvent.setup();
  const { store } = renderPage(formOf());
  const note = await screen.findByLabelText('Note');
  await user.type(note, 'typed before the switch');

  nock(API).get('/api/v1/form-types/7/form-descriptors/2').query({ locale: 'hu' }).reply(200, { results: [HUNGARIAN] });
  // The chosen language is saved with the profile of the signed-in user.
  nock(API).patch('/api/v1/profile-settings').reply(200, { results: [{ perPage: 10, locale: 'hu', saved: true, mfaEnabled: false, mfaPolicy: 'user', mfaEnforcedAt: null, timeZone: null }] });
  act(() => void store.dispatch(localeActions.changed('hu')));

  // The page's own texts at once, the descriptor's labels as soon as they arrive.
  expect(screen.getByRole('button', { name: 'Előzmények' })).toBeInTheDocument();
  const relabelled = await screen.findByLabelText('Megjegyzés');
  expect(relabelled).toHaveValue('typed before the switch');
  expect(screen.getByRole('heading', { name: 'Első rész' })).toBeInTheDocument();
  expect(screen.queryByLabelText('Note')).not.toBeInTheDocument();
  // The same input element: the engine did not remount, so focus, caret and state survive too.
  expect(relabelled).toBe(note);

  // And back: English labels, still the typed text.
  nock(API).get('/api/v1/form-types/7/form-descriptors/2').query({ locale: 'en' }).reply(200, { results: [testDescriptorDocument(DESCRIPTOR_PARTS)] });
  nock(API).patch('/api/v1/profile-settings').reply(200, { results: [{ perPage: 10, locale: 'en', saved: true, mfaEnabled: false, mfaPolicy: 'user', mfaEnforcedAt: null, timeZone: null }] });
  act(() => void store.dispatch(localeActions.changed('en')));
  await waitFor(() => expect(screen.getByLabelText('Note')).toHaveValue('typed before the switch'));
});
