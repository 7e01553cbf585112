// What the sample form sends: a new sample names its registry and patient; an edit sends the
// version read; a dispatch takes the sample out of its box; a virtual sample carries no amount.
import { emptyValues, toInput, valuesOf } from '../../../src/features/biobank/sampleFormValues';
import { sample } from './biobankFixtures';

test('a new sample names registry, patient and ancestor; empty texts are sent as null', () => {
  const values = { ...emptyValues(sample()), bioSampleTypeId: 't-1', amount: 1.5 as const, notes: '  ' };
  const input = toInput(values, null);
  expect(input).toMatchObject({ registryId: 'r-1', patientId: 'p-1', ancestorSampleId: 's-1', bioSampleTypeId: 't-1', amount: 1.5, notes: null, legacySampleNumber: null });
  expect(input).not.toHaveProperty('version');
  expect(input.sampleCollectedAt).toBe('2026-03-02T08:30:00.000Z');
});

test('an edit sends the version read and no registry or patient; a dispatch takes the sample out of its box', () => {
  const placed = sample({ localization: { boxId: 'b-1', fridge: 'F1', compartment: 'C2', box: 'Box A', row: 1, column: 1 } });
  const kept = toInput(valuesOf(placed), placed);
  expect(kept).toMatchObject({ version: 3 });
  expect(kept).not.toHaveProperty('registryId');
  expect(kept).not.toHaveProperty('localization');
  const dispatched = toInput({ ...valuesOf(placed), dispatchedAt: '2026-03-05T09:00', dispatchedTo: 'Central lab' }, placed);
  expect(dispatched).toMatchObject({ localization: null, dispatchedTo: 'Central lab', version: 3 });
  expect(dispatched.dispatchedAt).toBe(new Date('2026-03-05T09:00').toISOString());
});

test('a virtual sample carries no amount', () => {
  expect(toInput({ ...valuesOf(sample()), virtual: true }, sample()).amount).toBeNull();
});
