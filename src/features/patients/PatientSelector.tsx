// Finds a patient by name, insurance number or internal patient number (spec §2 patient selector),
// within the registry and institute chosen so far. The search runs on the server after a pause in
// typing; the field shows the chosen patient's internal number, which is never hidden.
import { useEffect, useMemo, useState, type ReactElement } from 'react';
import { Combobox, InputBase, Loader, Text, useCombobox } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { Patient } from '../../api/patients';
import { formatInsuranceNumber } from '../../domain/patients';
import { patientsActions } from './patients.slice';
import { selectPatientSearch } from './patients.selectors';
import { messages } from './messages';

export interface PatientSelectorProps {
  value: Patient | null;
  onChange: (patient: Patient | null) => void;
  registryId?: string;
  instituteId?: string;
  error?: string;
  disabled?: boolean;
  /** Already localized; default "Patient". */
  label?: string;
  /** A patient that may not be chosen (the one being merged away). */
  excludeId?: string;
  /** Default true; a list filter (the biobank's) is optional. */
  required?: boolean;
}

function describe(patient: Patient): string {
  const parts = [patient.internalPatientNumber, patient.name, patient.insuranceNumber ? formatInsuranceNumber(patient.insuranceNumber) : null];
  return parts.filter(Boolean).join(' · ');
}

export function PatientSelector({ value, onChange, registryId, instituteId, error, disabled, label, excludeId, required = true }: PatientSelectorProps): ReactElement {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const search = useAppSelector(selectPatientSearch);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [term, setTerm] = useState(value ? describe(value) : '');

  // A different registry or institute voids the choice: the patient must belong to both.
  useEffect(() => {
    if (value && ((registryId && value.registry.id !== registryId) || (instituteId && value.institute.id !== instituteId))) onChange(null);
  }, [registryId, instituteId, value, onChange]);

  // A patient chosen from outside (the start card opened for a patient) shows in the field too:
  // the term follows a changed value during render (React's "adjusting state on a prop change").
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    if (value) setTerm(describe(value));
  }

  const options = useMemo(() => search.items.filter((p) => p.id !== excludeId), [search.items, excludeId]);

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
          label={label ?? intl.formatMessage(messages.selectorLabel)}
          description={intl.formatMessage(messages.selectorHint)}
          withAsterisk={required}
          disabled={disabled}
          value={term}
          error={error}
          rightSection={search.loading ? <Loader size="xs" /> : <Combobox.Chevron />}
          onChange={(event) => {
            const next = event.currentTarget.value;
            setTerm(next);
            if (value) onChange(null);
            dispatch(patientsActions.searchChanged({ term: next, registryId, instituteId }));
            combobox.openDropdown();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={term.trim() === ''}>
        <Combobox.Options>
          {search.error ? (
            <Text size="sm" c="red" p="xs" role="alert">
              {intl.formatMessage(messages.selectorError)}
            </Text>
          ) : options.length === 0 ? (
            <Combobox.Empty>{search.loading ? '…' : intl.formatMessage(messages.selectorNothing)}</Combobox.Empty>
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
