// The new-sample form's patient field in the central biobank: it searches GET /bio-sample-patients,
// the patients where the user may register a sample, so biobank staff without registry access find
// a patient who has no sample yet. It searches by internal number or insurance number; a name shows
// only where the server sends one (personal_data_access).
import type { ReactElement } from 'react';
import { useIntl } from 'react-intl';
import type { BioSamplePatient } from '../../api/bioSamples';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { PatientCombobox } from '../../common/patientCombobox/PatientCombobox';
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
  // Only the answers for the chosen registry are offered (a registry changed while typing).
  const options = lookup.items.filter((p) => !registryId || p.registry.id === registryId);

  return (
    <PatientCombobox
      value={value}
      onChange={onChange}
      options={options}
      describe={describe}
      onSearch={(term) => {
        // An empty field asks nothing: the look-up needs a search.
        if (term.trim()) dispatch(biobankActions.patientLookupChanged({ search: term.trim(), registryId }));
      }}
      loading={lookup.status === 'loading'}
      failed={lookup.status === 'failed'}
      texts={{
        label: intl.formatMessage(messages.patient),
        hint: intl.formatMessage(messages.patientLookupHint),
        nothing: intl.formatMessage(messages.patientLookupNothing),
        failed: intl.formatMessage(messages.patientLookupError),
      }}
      error={error}
    />
  );
}
