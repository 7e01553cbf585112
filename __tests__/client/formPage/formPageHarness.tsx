// The form page over nock: a small descriptor, forms in any state, and the page rendered with a
// store of its own for a user with given roles (and form backup on or off).
import nock from 'nock';
import type { ReactElement } from 'react';
import { useLocation } from 'react-router';
import { availableOperations, type ApprovalLevel, type FormState, type TransitionRequest } from '../../../src/domain/forms/lifecycle';
import { FormPage } from '../../../src/features/formPage/FormPage';
import { renderWithProviders } from '../../helpers/renderWithProviders';
import { testDescriptorDocument, type TestDescriptorParts } from '../../helpers/testDescriptor';
import { API, SIGNED_IN_CONFIGURATION, startStore } from '../../helpers/storeHelpers';

const signedIn = { auth: { step: 'loggedIn' as const, accessToken: { token: 'f.me', expiresAt: Date.now() + 600_000 } } };

export const DESCRIPTOR_PARTS = {
  formTypeId: 7,
  version: 2,
  displayId: 'SMALL',
  sections: {
    first: [
      { id: 'code', type: 'text', mandatory: true },
      { id: 'note', type: 'text' },
      { id: 'dose', type: 'integer' },
    ],
  },
  labels: { first: 'First part', code: 'Code', note: 'Note', dose: 'Daily dose' },
  indispensableFields: ['code'],
  personalDataFields: [],
} satisfies TestDescriptorParts;

export const DESCRIPTOR = testDescriptorDocument(DESCRIPTOR_PARTS);

export const VALUES = { patient: 'P-001', physician: 'Dr. Test', code: 'C-1', note: '', dose: 10 };

/**
 * What the server offers on a form in this state to the user a test plays: the investigator on a
 * draft or a rejected form, the next level's monitor on a handed-in one (the lifecycle table).
 */
function offeredOperations(state: FormState, approvals: { level: number }[]): TransitionRequest[] {
  const monitorStates: FormState[] = ['await_inspect', 'corrected'];
  const codes = monitorStates.includes(state) ? ['frm_approve_1', 'frm_approve_2'] : ['frm_edit'];
  const status = { state, approvals: approvals.map((a) => a.level as ApprovalLevel) };
  return availableOperations(status, { requiredLevels: 2, can: (code) => codes.includes(code) });
}

export function formOf(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const state = (overrides.state ?? 'draft') as FormState;
  const approvals = (overrides.approvals ?? []) as { level: number }[];
  return {
    operations: overrides.censored ? [] : offeredOperations(state, approvals),
    id: 'f-1',
    attendanceId: 'a-1',
    attendancePeriodId: 'p-1',
    formTypeId: 7,
    descriptorVersion: 2,
    displayId: 'FRM-0001',
    state: 'draft',
    requiredLevels: 2,
    approvals: [],
    values: VALUES,
    reviews: {},
    physicianId: 'u-1',
    createdAt: '2026-03-01T10:00:00Z',
    updatedAt: '2026-03-01T10:00:00Z',
    version: 3,
    censored: false,
    locks: [],
    fourEyes: null,
    ...overrides,
  };
}

/** GET /forms/f-1 once (with its version header), and the descriptor when the page needs it. */
export function replyForm(form: Record<string, unknown>, withDescriptor = true, descriptor: object = DESCRIPTOR): void {
  nock(API)
    .get('/api/v1/forms/f-1')
    .reply(200, { results: [form] }, { 'x-form-version': String(form.version) });
  if (withDescriptor && !form.censored) {
    nock(API).get('/api/v1/form-types/7/form-descriptors/2').query({ locale: 'en' }).reply(200, { results: [descriptor] });
  }
}

export interface PageOptions {
  roles?: string[];
  formBackupEnabled?: boolean;
  /** Default: DESCRIPTOR (form type 7, version 2). */
  descriptor?: object;
}

export function renderPage(form: Record<string, unknown>, options: PageOptions = {}): ReturnType<typeof renderWithProviders> {
  const roles = options.roles ?? ['local_investigator'];
  const configuration = {
    ...SIGNED_IN_CONFIGURATION,
    formBackupEnabled: options.formBackupEnabled ?? false,
    user: { ...SIGNED_IN_CONFIGURATION.user, roles },
  };
  // The app renders pages only after the startup's configuration arrived: preloaded here, and
  // answered again for the startup saga's own request.
  nock(API).get('/api/v1/client-configuration').reply(200, configuration);
  replyForm(form, true, options.descriptor);
  // A store of its own, stopped after the test, so no saga of an earlier test takes this one's answers.
  const store = startStore({
    locale: { locale: 'en' },
    ...signedIn,
    clientConfiguration: { status: 'ready', data: { ...configuration, demoMode: false }, error: null },
  });
  const routes = [
    { path: '/forms/:formId', element: <FormPage /> },
    // Where Close leads: shown as the address it reached.
    { path: '*', element: <ReachedAddress /> },
  ];
  return renderWithProviders(<FormPage />, { store, routes, route: '/forms/f-1' });
}

function ReachedAddress(): ReactElement {
  const location = useLocation();
  return <p>Reached {`${location.pathname}${location.hash}`}</p>;
}

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
afterEach(() => nock.cleanAll());
