// Finds a patient by name, insurance number or internal patient number (spec §2 patient selector),
// within the registry and institute chosen so far. The search runs on the server after a pause in
// typing; the field shows the chosen patient's internal number, which is never hidden.
import { useEffect, useMemo, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { Patient } from '../../api/patients';
import { PatientCombobox } from '../../common/patientCombobox/PatientCombobox';
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

  // A different registry or institute voids the choice: the patient must belong to both.
  useEffect(() => {
    if (value && ((registryId && value.registry.id !== registryId) || (instituteId && value.institute.id !== instituteId))) onChange(null);
  }, [registryId, instituteId, value, onChange]);

  const options = useMemo(() => search.items.filter((p) => p.id !== excludeId), [search.items, excludeId]);

  return (
    <PatientCombobox
      value={value}
      onChange={onChange}
      options={options}
      describe={describe}
      onSearch={(term) => dispatch(patientsActions.searchChanged({ term, registryId, instituteId }))}
      loading={search.loading}
      failed={Boolean(search.error)}
      texts={{
        label: label ?? intl.formatMessage(messages.selectorLabel),
        hint: intl.formatMessage(messages.selectorHint),
        nothing: intl.formatMessage(messages.selectorNothing),
        failed: intl.formatMessage(messages.selectorError),
      }}
      error={error}
      disabled={disabled}
      required={required}
    />
  );
}
