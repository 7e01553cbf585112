import { defineMessages, type NoMessageValues } from 'react-intl';

type Plain =
  | 'title'
  | 'intro'
  | 'pickRegistry'
  | 'noRegistries'
  | 'registriesError'
  | 'loadError'
  | 'patient'
  | 'institute'
  | 'attendance'
  | 'disqualified'
  | 'filterInstitute'
  | 'filterState'
  | 'filterAny'
  | 'filterNeedsMyAction'
  | 'noForm'
  | 'yourTurn';

type MessageValueTypes = Record<Plain, NoMessageValues> & {
  titleOf: { registry: string };
  columnHeader: { period: string; formType: string };
  levels: { level: number; required: number };
  cellName: { column: string; displayId: string; state: string; level: number; required: number; needsMyAction: string };
};

export const messages = defineMessages<MessageValueTypes>({
  title: { id: 'statusMatrix.title', defaultMessage: 'Subject status matrix' },
  titleOf: { id: 'statusMatrix.titleOf', defaultMessage: 'Subject status matrix: {registry}' },
  intro: {
    id: 'statusMatrix.intro',
    defaultMessage: 'Every attendance you may see, with the state and approval level of its forms in each period. Open a form from its cell.',
  },
  pickRegistry: { id: 'statusMatrix.pickRegistry', defaultMessage: 'Choose a registry' },
  noRegistries: { id: 'statusMatrix.noRegistries', defaultMessage: 'You have no registry to show.' },
  registriesError: { id: 'statusMatrix.registriesError', defaultMessage: 'Error loading the registries' },
  loadError: { id: 'statusMatrix.loadError', defaultMessage: 'Error loading the status matrix' },
  patient: { id: 'statusMatrix.patient', defaultMessage: 'Patient' },
  institute: { id: 'statusMatrix.institute', defaultMessage: 'Institute' },
  attendance: { id: 'statusMatrix.attendance', defaultMessage: 'Attendance' },
  disqualified: { id: 'statusMatrix.disqualified', defaultMessage: 'Disqualified' },
  columnHeader: { id: 'statusMatrix.columnHeader', defaultMessage: '{period}: {formType}' },
  filterInstitute: { id: 'statusMatrix.filterInstitute', defaultMessage: 'Institute' },
  filterState: { id: 'statusMatrix.filterState', defaultMessage: 'Attendances with a form in state' },
  filterAny: { id: 'statusMatrix.filterAny', defaultMessage: 'Any' },
  filterNeedsMyAction: { id: 'statusMatrix.filterNeedsMyAction', defaultMessage: 'Only where my action is needed' },
  noForm: { id: 'statusMatrix.noForm', defaultMessage: 'No form' },
  levels: { id: 'statusMatrix.levels', defaultMessage: '{level}/{required}' },
  yourTurn: { id: 'statusMatrix.yourTurn', defaultMessage: 'your turn' },
  cellName: {
    id: 'statusMatrix.cellName',
    defaultMessage:
      '{column}, form {displayId}: {state}, {level} of {required} approval levels{needsMyAction, select, true {, needs your action} other {}}',
  },
});
