// Answers of the biobank contract (src/api/bioSamples.ts) for the biobank client tests.
import nock from 'nock';
import type { BioSample, BioSampleBox, BioSampleType } from '../../../src/api/bioSamples';
import { API, CONFIGURATION } from '../../helpers/storeHelpers';

export const SZLK = { id: 'i-1', name: 'Szent Lukács Kórház', shortName: 'SZLK' };
export const BIOBANK_ADMIN = { id: 'u-bio', name: 'Tóth Réka', roles: ['biobank_admin'], institute: SZLK };

/** The store of a signed-in caller; startup's configuration call is answered with the same user. */
export function signedInAs(user: { id: string; name: string; roles: string[]; institute: typeof SZLK | null } = BIOBANK_ADMIN): Record<string, unknown> {
  const configuration = { ...CONFIGURATION, demoMode: false, user };
  nock(API).get('/api/v1/client-configuration').reply(200, configuration);
  return {
    auth: { step: 'loggedIn' as const, accessToken: { token: 'bio.token', expiresAt: Date.now() + 600_000 } },
    clientConfiguration: { status: 'ready', data: configuration, error: null },
  };
}

export const list = <T>(results: T[], total = results.length): { results: T[]; statistics: { total: number } } => ({ results, statistics: { total } });

export const SERUM: BioSampleType = {
  id: 't-1',
  code: 'SERUM',
  nameHu: 'Szérum',
  nameEn: 'Serum',
  unit: 'ml',
  parameters: [{ id: 'centrifugeMinutes', labelHu: 'Centrifugálás (perc)', labelEn: 'Centrifugation (minutes)', type: 'number' }],
  registryIds: ['r-1'],
};

export const sample = (over: Partial<BioSample> = {}): BioSample => ({
  id: 's-1',
  sampleNumber: 'RAB-000001',
  state: 'arrived',
  bioSampleType: { id: 't-1', code: 'SERUM', name: 'Serum', unit: 'ml' },
  registry: { id: 'r-1', shortName: 'RA-BIO' },
  institute: { id: 'i-1', name: 'Szent Lukács Kórház' },
  patient: { id: 'p-1', internalPatientNumber: 'SZLK-000001', name: 'Kovács Anna' },
  sampleCollectedAt: '2026-03-02T08:30:00.000Z',
  legacySampleNumber: null,
  notes: null,
  sampleParameters: {},
  arrivedToBiobankAt: '2026-03-02T10:00:00.000Z',
  amount: 4,
  virtual: false,
  ancestorSample: null,
  descendantCount: 0,
  localization: null,
  dispatchedAt: null,
  dispatchedTo: null,
  connectedForms: [],
  createdAt: '2026-03-02T08:40:00.000Z',
  updatedAt: '2026-03-02T10:00:00.000Z',
  version: 3,
  ...over,
});

export const box = (over: Partial<BioSampleBox> = {}): BioSampleBox => ({
  id: 'b-1',
  institute: { id: 'i-1', name: 'Szent Lukács Kórház' },
  fridge: 'F1',
  compartment: 'C2',
  name: 'Box A',
  rows: 3,
  columns: 4,
  occupied: [{ row: 1, column: 2, sampleId: 's-9', sampleNumber: 'RAB-000009' }],
  freePositions: 11,
  ...over,
});

/** The list page's reference calls for institute i-1. */
export function answerReferences(permissions: string[] = ['read_institute_bio_sample', 'create_institute_bio_sample', 'update_institute_bio_sample', 'attach_bio_sample_to_form']): void {
  nock(API).get('/api/v1/bio-sample-types').query(true).reply(200, list([SERUM]));
  nock(API).get('/api/v1/institutes/i-1/bio-sample-boxes').query(true).reply(200, list([box({ occupied: undefined })]));
  nock(API).get('/api/v1/institutes/i-1/permitted-bio-sample-registries').query(true).reply(200, list([{ id: 'r-1', shortName: 'RA-BIO', name: 'RA biobank', permissions }]));
}
