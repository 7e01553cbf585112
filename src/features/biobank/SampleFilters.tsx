// The filter bar above the sample grid: type, state, patient, box and the collection dates.
import { useState, type ReactElement } from 'react';
import { Button, Group, Select } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { BioSampleState } from '../../api/bioSamples';
import type { Patient } from '../../api/patients';
import { useAppSelector } from '../../app/hooks';
import { LocalizedDateInput } from '../../common/dateInputs/LocalizedDateInput';
import { PatientSelector } from '../patients/PatientSelector';
import { selectBiobank } from './biobank.selectors';
import { BIO_SAMPLE_STATES, type BioSampleFilters } from './biobank.types';
import { messages, stateMessages } from './messages';
import { useTypeName } from './sampleText';

export interface SampleFiltersProps {
  filters: BioSampleFilters;
  onChange: (filters: BioSampleFilters) => void;
  /** The institute's boxes are offered only where the list is of one institute. */
  withBoxes: boolean;
}

export function SampleFilters({ filters, onChange, withBoxes }: SampleFiltersProps): ReactElement {
  const intl = useIntl();
  const typeName = useTypeName();
  const { references } = useAppSelector(selectBiobank);
  const [patient, setPatient] = useState<Patient | null>(null);
  const set = (change: Partial<BioSampleFilters>): void => onChange({ ...filters, ...change });
  const any = intl.formatMessage(messages.anyValue);
  return (
    <Group align="flex-end" role="group" aria-label={intl.formatMessage(messages.filtersLabel)}>
      <Select
        label={intl.formatMessage(messages.type)}
        placeholder={any}
        clearable
        data={references.types.map((t) => ({ value: t.id, label: typeName(t) }))}
        value={filters.bioSampleTypeId ?? null}
        onChange={(value) => set({ bioSampleTypeId: value ?? undefined })}
      />
      <Select
        label={intl.formatMessage(messages.state)}
        placeholder={any}
        clearable
        data={BIO_SAMPLE_STATES.map((s) => ({ value: s, label: intl.formatMessage(stateMessages[s]) }))}
        value={filters.state ?? null}
        onChange={(value) => set({ state: (value as BioSampleState | null) ?? undefined })}
      />
      <PatientSelector
        required={false}
        value={patient}
        onChange={(next) => {
          setPatient(next);
          set({ patientId: next?.id });
        }}
      />
      {withBoxes && (
        <Select
          label={intl.formatMessage(messages.box)}
          placeholder={any}
          clearable
          data={references.boxes.map((b) => ({ value: b.id, label: `${b.fridge} / ${b.compartment} / ${b.name}` }))}
          value={filters.boxId ?? null}
          onChange={(value) => set({ boxId: value ?? undefined })}
        />
      )}
      <LocalizedDateInput label={intl.formatMessage(messages.collectedFrom)} value={filters.collectedFrom ?? ''} onChange={(value) => set({ collectedFrom: value || undefined })} />
      <LocalizedDateInput label={intl.formatMessage(messages.collectedTo)} value={filters.collectedTo ?? ''} onChange={(value) => set({ collectedTo: value || undefined })} />
      <Button
        variant="subtle"
        onClick={() => {
          setPatient(null);
          onChange({});
        }}
      >
        {intl.formatMessage(messages.clearFilters)}
      </Button>
    </Group>
  );
}
