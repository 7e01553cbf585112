// The new-sample form's patient field in the central biobank: it searches GET /bio-sample-patients,
// the patients where the user may register a sample, so biobank staff without registry access find
// a patient who has no sample yet. It searches by internal number or insurance number; a name shows
// only where the server sends one (personal_data_access).
import { useState, type ReactElement } from 'react';
import { Combobox, InputBase, Loader, Text, useCombobox } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { BioSamplePatient } from '../../api/bioSamples';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { biobankActions } from './biobank.slice';
import { selectBiobank } from './biobank.selectors';
import { messages } from './messages';

export interface SamplePatientPickerProps {
  value: BioSamplePatient | null;
  onChange: (patient: BioSamplePatient | null) => void;
  registryId?: string;
  error?: string;
}

function describe(patient: BioSamplePatient): string {
  return [patient.internalPatientNumber, patient.name, `${patient.registry.shortName}, ${patient.institute.name}`].filter(Boolean).join(' · ');
}

export function SamplePatientPicker({ value, onChange, registryId, error }: SamplePatientPickerProps): ReactElement {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const lookup = useAppSelector(selectBiobank).patientLookup;
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [term, setTerm] = useState(value ? describe(value) : '');
  // Only the answers for the chosen registry are offered (a registry changed while typing).
  const options = lookup.items.filter((p) => !registryId || p.registry.id === registryId);

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(id) => {
        const patient = options.find((p) => p.id === id) ?? null;
        onChange(patient);
        setTerm(patient ? describe(patient) : '');
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <InputBase
          label={intl.formatMessage(messages.patient)}
          description={intl.formatMessage(messages.patientLookupHint)}
          withAsterisk
          value={term}
          error={error}
          rightSection={lookup.status === 'loading' ? <Loader size="xs" /> : <Combobox.Chevron />}
          onChange={(event) => {
            const next = event.currentTarget.value;
            setTerm(next);
            if (value) onChange(null);
            if (next.trim()) dispatch(biobankActions.patientLookupChanged({ search: next.trim(), registryId }));
            combobox.openDropdown();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={term.trim() === ''}>
        <Combobox.Options>
          {lookup.status === 'failed' ? (
            <Text size="sm" c="red" p="xs" role="alert">
              {intl.formatMessage(messages.patientLookupError)}
            </Text>
          ) : options.length === 0 ? (
            <Combobox.Empty>{lookup.status === 'loading' ? '…' : intl.formatMessage(messages.patientLookupNothing)}</Combobox.Empty>
          ) : (
            options.map((patient) => (
              <Combobox.Option value={patient.id} key={patient.id}>
                {describe(patient)}
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
