// The sample form's values and their conversion from a sample and to the contract's input.
// Instants are edited as wall-clock texts of the browser ("2026-01-12T09:00"), as the other screens do.
import type { BioSample, BioSampleInput } from '../../api/bioSamples';

export interface SampleFormValues {
  registryId: string;
  patientId: string;
  bioSampleTypeId: string;
  sampleCollectedAt: string;
  legacySampleNumber: string;
  notes: string;
  sampleParameters: Record<string, string | number | null>;
  amount: number | '';
  virtual: boolean;
  ancestorSampleId: string;
  arrivedToBiobankAt: string;
  dispatchedAt: string;
  dispatchedTo: string;
}

/** An instant as the browser's wall clock, the way LocalizedDateInput shows it. */
export function toWallClock(instant: string | null): string {
  if (!instant) return '';
  const date = new Date(instant);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

const toInstant = (wallClock: string): string | null => (wallClock ? new Date(wallClock).toISOString() : null);
const orNull = (text: string): string | null => (text.trim() === '' ? null : text.trim());

export function emptyValues(ancestor: BioSample | null): SampleFormValues {
  return {
    registryId: ancestor?.registry.id ?? '',
    patientId: ancestor?.patient.id ?? '',
    bioSampleTypeId: '',
    sampleCollectedAt: ancestor ? toWallClock(ancestor.sampleCollectedAt) : toWallClock(new Date().toISOString()),
    legacySampleNumber: '',
    notes: '',
    sampleParameters: {},
    amount: '',
    virtual: false,
    ancestorSampleId: ancestor?.id ?? '',
    arrivedToBiobankAt: '',
    dispatchedAt: '',
    dispatchedTo: '',
  };
}

export function valuesOf(sample: BioSample): SampleFormValues {
  return {
    registryId: sample.registry.id,
    patientId: sample.patient.id,
    bioSampleTypeId: sample.bioSampleType.id,
    sampleCollectedAt: toWallClock(sample.sampleCollectedAt),
    legacySampleNumber: sample.legacySampleNumber ?? '',
    notes: sample.notes ?? '',
    sampleParameters: { ...sample.sampleParameters },
    amount: sample.amount ?? '',
    virtual: sample.virtual,
    ancestorSampleId: sample.ancestorSample?.id ?? '',
    arrivedToBiobankAt: toWallClock(sample.arrivedToBiobankAt),
    dispatchedAt: toWallClock(sample.dispatchedAt),
    dispatchedTo: sample.dispatchedTo ?? '',
  };
}

/** The body of POST (new) or PUT (edit, with the version read, so a stale edit answers 409). */
export function toInput(values: SampleFormValues, sample: BioSample | null): Partial<BioSampleInput> {
  const input: Partial<BioSampleInput> = {
    bioSampleTypeId: values.bioSampleTypeId,
    sampleCollectedAt: toInstant(values.sampleCollectedAt) ?? '',
    legacySampleNumber: orNull(values.legacySampleNumber),
    notes: orNull(values.notes),
    sampleParameters: values.sampleParameters,
    amount: values.virtual || values.amount === '' ? null : values.amount,
    virtual: values.virtual,
    ancestorSampleId: values.ancestorSampleId || null,
    arrivedToBiobankAt: toInstant(values.arrivedToBiobankAt),
    dispatchedAt: toInstant(values.dispatchedAt),
    dispatchedTo: orNull(values.dispatchedTo),
  };
  // A dispatched sample leaves its box (the server refuses a dispatched sample with a position).
  if (sample && input.dispatchedAt && sample.localization) input.localization = null;
  if (sample) return { ...input, version: sample.version };
  return { ...input, registryId: values.registryId, patientId: values.patientId };
}
