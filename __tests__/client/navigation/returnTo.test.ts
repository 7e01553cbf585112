// Where a sign-in leads: the remembered page only for its own user (or a visitor's own link), and
// never off the site or back to the sign-in page.
import { destinationAfterSignIn, returnToNeedsUser, returnToState } from '../../../src/common/layout/returnTo';

test('a visitor who was never signed in here keeps their link', () => {
  const state = returnToState('/forms/f-1?section=2', null);
  expect(returnToNeedsUser(state)).toBe(false);
  expect(destinationAfterSignIn(state, 'u-9')).toBe('/forms/f-1?section=2');
});

test('a page left by an ended session belongs to its user', () => {
  const state = returnToState('/patients/p-1/attendances', 'u-1');
  expect(returnToNeedsUser(state)).toBe(true);
  expect(destinationAfterSignIn(state, 'u-1')).toBe('/patients/p-1/attendances');
  expect(destinationAfterSignIn(state, 'u-2')).toBe('/');
});

test.each([null, {}, { from: 42 }, { from: 'https://evil.example' }, { from: '//evil.example/x' }, { from: '/login/reset-password' }])('%j leads to the dashboard', (state) => {
  expect(destinationAfterSignIn(state, 'u-1')).toBe('/');
});
