// The biobank calls (spec business-data §3 Bio sample, §7 Bio samples; issue 16; docs/biobank.md).
// Institute calls (/institutes/{id}/bio-samples...) act on one institute's samples under the
// *_institute_bio_sample codes; central calls (/bio-samples...) act on every institute's samples under
// the *_admin_bio_sample codes. Both answer the same sample shape. Boxes and the custody history are
// our additions: the spec's localization (fridge, compartment, box, column, row) needs boxes with a
// size to draw and to refuse positions outside them, and issue 16 item 6 asks for the history.
import type { ApiRequest } from './client';

/** collected -> attached (to a form) -> arrived (to the biobank) -> localized (in a box) -> dispatched. */
export type BioSampleState = 'collected' | 'attached' | 'arrived' | 'localized' | 'dispatched';

export interface BioSampleType {
  id: string;
  code: string;
  nameHu: string;
  nameEn: string;
  /** Unit of `amount`, e.g. "ml", "µl", "db". */
  unit: string;
  /** The sampleParameters a sample of this type carries (e.g. centrifugation time), typed. */
  parameters: { id: string; labelHu: string; labelEn: string; type: 'text' | 'number' | 'datetime' }[];
  registryIds: string[];
}

export interface BioSampleLocalization {
  boxId: string;
  fridge: string;
  compartment: string;
  box: string;
  /** 1-based, at most the box's rows / columns. */
  row: number;
  column: number;
}

export interface BioSample {
  id: string;
  /** Unique per registry: the registry's bioSampleCode, a dash and a running number (e.g. "RA-000123"). */
  sampleNumber: string;
  state: BioSampleState;
  bioSampleType: { id: string; code: string; name: string; unit: string };
  registry: { id: string; shortName: string };
  institute: { id: string; name: string };
  patient: { id: string; internalPatientNumber: string; name: string | null };
  sampleCollectedAt: string;
  legacySampleNumber: string | null;
  notes: string | null;
  sampleParameters: Record<string, string | number | null>;
  arrivedToBiobankAt: string | null;
  amount: number | null;
  /** A virtual sample groups its descendants and holds no material (no amount, no position). */
  virtual: boolean;
  ancestorSample: { id: string; sampleNumber: string } | null;
  descendantCount: number;
  localization: BioSampleLocalization | null;
  dispatchedAt: string | null;
  dispatchedTo: string | null;
  connectedForms: { id: string; displayId: string; formTypeName: string }[];
  createdAt: string;
  updatedAt: string;
  /** Optimistic concurrency: PUT sends it back; a stale one answers 409. */
  version: number;
}

/** The body of POST (create) and PUT (update: every field optional except version). */
export interface BioSampleInput {
  bioSampleTypeId: string;
  registryId: string;
  patientId: string;
  sampleCollectedAt: string;
  legacySampleNumber?: string | null;
  notes?: string | null;
  sampleParameters?: Record<string, string | number | null>;
  arrivedToBiobankAt?: string | null;
  amount?: number | null;
  virtual?: boolean;
  ancestorSampleId?: string | null;
  /** Place (or move) the sample: a free position inside the box; null takes it out. */
  localization?: { boxId: string; row: number; column: number } | null;
  dispatchedAt?: string | null;
  dispatchedTo?: string | null;
  version?: number;
}

export interface BioSampleBox {
  id: string;
  institute: { id: string; name: string };
  fridge: string;
  compartment: string;
  name: string;
  rows: number;
  columns: number;
  /** Only on GET of one box: who holds which position. */
  occupied?: { row: number; column: number; sampleId: string; sampleNumber: string }[];
  freePositions: number;
}

/** One entry of a sample's chain of custody (hash-chained like the form record). */
export interface BioSampleHistoryEntry {
  id: string;
  operation: 'created' | 'updated' | 'attached' | 'detached' | 'arrived' | 'localized' | 'moved' | 'dispatched' | 'derived' | 'amount_changed';
  at: string;
  user: { id: string; name: string };
  onBehalfOf: { id: string; name: string } | null;
  /** Field -> [before, after] of what changed. */
  changes: Record<string, [unknown, unknown]>;
}

/** List filters of every sample list (list conventions: offset, limit, sort, statistics). */
export interface BioSampleListQuery {
  offset?: number;
  limit?: number;
  sort?: string;
  statistics?: boolean;
  /** Sample number (exact match first, so a scanner's input finds its sample), legacy number or patient. */
  search?: string;
  bioSampleTypeId?: string;
  state?: BioSampleState;
  registryId?: string;
  patientId?: string;
  boxId?: string;
  collectedFrom?: string;
  collectedTo?: string;
}

/**
 * A patient biobank staff may register a sample for (GET /bio-sample-patients): pseudonymous, the
 * name only where the caller also holds personal_data_access.
 */
export interface BioSamplePatient {
  id: string;
  internalPatientNumber: string;
  registry: { id: string; shortName: string };
  institute: { id: string; name: string };
  name: string | null;
}

export interface BioSamplePatientQuery {
  registryId?: string;
  /** The start of an internal patient number, or a whole insurance number. */
  search?: string;
  offset?: number;
  limit?: number;
}

const seg = encodeURIComponent;
const base = (instituteId: string | null): string => (instituteId === null ? '/bio-samples' : `/institutes/${seg(instituteId)}/bio-samples`);

/** instituteId null: the central calls over all institutes. */
export const getBioSamples = (instituteId: string | null, query: BioSampleListQuery = {}): ApiRequest => ({
  method: 'GET',
  path: base(instituteId),
  query: { ...query },
});
export const getBioSample = (instituteId: string | null, id: string): ApiRequest => ({ method: 'GET', path: `${base(instituteId)}/${seg(id)}` });
export const postBioSample = (instituteId: string | null, input: BioSampleInput): ApiRequest => ({ method: 'POST', path: base(instituteId), json: input });
export const putBioSample = (instituteId: string | null, id: string, input: Partial<BioSampleInput>): ApiRequest => ({
  method: 'PUT',
  path: `${base(instituteId)}/${seg(id)}`,
  json: input,
});
/** Central only (the spec has no institute DELETE); 409 "Can not delete this bio sample!" with descendants or forms. */
export const deleteBioSample = (id: string): ApiRequest => ({ method: 'DELETE', path: `/bio-samples/${seg(id)}` });
export const getBioSampleForms = (id: string): ApiRequest => ({ method: 'GET', path: `/bio-samples/${seg(id)}/forms` });
export const getBioSampleHistory = (id: string): ApiRequest => ({ method: 'GET', path: `/bio-samples/${seg(id)}/history` });
export const getPatientBioSamples = (patientId: string): ApiRequest => ({ method: 'GET', path: `/patients/${seg(patientId)}/bio-samples` });
/** Samples of the form's patient and registry not yet attached to it. */
export const getAttachableBioSamples = (formId: string): ApiRequest => ({ method: 'GET', path: `/forms/${seg(formId)}/attachable-bio-samples` });
export const attachBioSample = (formId: string, sampleId: string): ApiRequest => ({
  method: 'POST',
  path: `/forms/${seg(formId)}/attached-bio-samples`,
  json: { sampleId },
});
export const detachBioSample = (formId: string, sampleId: string): ApiRequest => ({
  method: 'POST',
  path: `/forms/${seg(formId)}/attached-bio-samples/${seg(sampleId)}/detach`,
});
/** Creates samples for the form's patient and attaches them to the form in one step. */
export const postFormBioSamples = (instituteId: string, formId: string, samples: Omit<BioSampleInput, 'patientId' | 'registryId'>[]): ApiRequest => ({
  method: 'POST',
  path: `/institutes/${seg(instituteId)}/forms/${seg(formId)}/bio-samples`,
  json: { samples },
});
/** Patients where the caller holds create_admin_bio_sample or create_institute_bio_sample; 403 with neither anywhere. */
export const getBioSamplePatients = (query: BioSamplePatientQuery = {}): ApiRequest => ({ method: 'GET', path: '/bio-sample-patients', query: { ...query } });
/** The forms of the sample's patient and registry it may be attached to (not attached yet). */
export const getAttachableForms = (sampleId: string): ApiRequest => ({ method: 'GET', path: `/bio-samples/${seg(sampleId)}/attachable-forms` });
export const getBioSampleTypes = (): ApiRequest => ({ method: 'GET', path: '/bio-sample-types' });
export const getRegistryBioSampleTypes = (registryId: string): ApiRequest => ({ method: 'GET', path: `/registries/${seg(registryId)}/bio-sample-types` });
export const getAttachableBioSampleTypes = (formId: string): ApiRequest => ({ method: 'GET', path: `/forms/${seg(formId)}/attachable-bio-sample-types` });
export const getPermittedBioSampleRegistries = (instituteId: string): ApiRequest => ({
  method: 'GET',
  path: `/institutes/${seg(instituteId)}/permitted-bio-sample-registries`,
});
export const getBioSampleBoxes = (instituteId: string): ApiRequest => ({ method: 'GET', path: `/institutes/${seg(instituteId)}/bio-sample-boxes` });
export const getBioSampleBox = (instituteId: string, boxId: string): ApiRequest => ({
  method: 'GET',
  path: `/institutes/${seg(instituteId)}/bio-sample-boxes/${seg(boxId)}`,
});
/** bio_manage: a new box in a fridge compartment. */
export const postBioSampleBox = (instituteId: string, box: { fridge: string; compartment: string; name: string; rows: number; columns: number }): ApiRequest => ({
  method: 'POST',
  path: `/institutes/${seg(instituteId)}/bio-sample-boxes`,
  json: box,
});
/** Counts by state and the samples awaiting localization, for the institute biobank card. */
export const getInstituteBiobankSummary = (instituteId: string): ApiRequest => ({
  method: 'GET',
  path: `/institutes/${seg(instituteId)}/bio-samples-summary`,
});
