// Answers the contract (src/api/bioSamples.ts) names but does not type, and the screens' filters.
import type { BioSample, BioSampleState } from '../../api/bioSamples';

/** GET /institutes/{id}/permitted-bio-sample-registries: a registry and the bio codes held there (like accessible registries). */
export interface PermittedBioSampleRegistry {
  id: string;
  shortName: string;
  name?: string;
  /** The caller's codes in this registry at this institute (read_institute_bio_sample, bio_manage, ...). */
  permissions?: string[];
}

/** GET /institutes/{id}/bio-samples-summary: the institute biobank card. */
export interface BiobankSummary {
  counts: Partial<Record<BioSampleState, number>>;
  /** Arrived samples without a position (at most a page of them). */
  awaitingLocalization: BioSample[];
}

/** The list filters above the grid (spec: by type, state, patient, box, collection date). */
export interface BioSampleFilters {
  bioSampleTypeId?: string;
  state?: BioSampleState;
  patientId?: string;
  boxId?: string;
  /** "YYYY-MM-DD", inclusive. */
  collectedFrom?: string;
  collectedTo?: string;
  search?: string;
}

export const BIO_SAMPLE_STATES: readonly BioSampleState[] = ['collected', 'attached', 'arrived', 'localized', 'dispatched'];
