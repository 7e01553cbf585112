// Texts of the biobank screens; translations/hu.json and en.json hold both languages.
import { defineMessages, type NoMessageValues } from 'react-intl';
import type { BioSampleHistoryEntry, BioSampleState } from '../../api/bioSamples';

const MESSAGE_DEFINITIONS = {
  listTitle: { id: 'biobank.list.title', defaultMessage: 'Bio samples' },
  centralTitle: { id: 'biobank.central.title', defaultMessage: 'Central biobank' },
  gridLabel: { id: 'biobank.grid.label', defaultMessage: 'Bio samples' },
  noInstitute: { id: 'biobank.list.noInstitute', defaultMessage: 'Your account belongs to no institute. Use the central biobank to see the samples of every institute.' },
  noPermission: { id: 'biobank.noPermission', defaultMessage: "You haven't got permission to view this resource" },
  loadError: { id: 'biobank.list.loadError', defaultMessage: 'Error loading bio samples' },
  scanLabel: { id: 'biobank.scan.label', defaultMessage: 'Search or scan a sample number' },
  scanHint: { id: 'biobank.scan.hint', defaultMessage: 'A scanned sample number followed by Enter opens the sample.' },
  scanNotFound: { id: 'biobank.scan.notFound', defaultMessage: 'No sample has the number {term}; the list shows what the search found.' },
  newSample: { id: 'biobank.list.newSample', defaultMessage: 'New sample' },
  printLabels: { id: 'biobank.list.printLabels', defaultMessage: 'Print labels ({count})' },
  selectSample: { id: 'biobank.list.selectSample', defaultMessage: 'Select sample {number}' },
  selectColumn: { id: 'biobank.list.selectColumn', defaultMessage: 'Selection' },
  filtersLabel: { id: 'biobank.filters.label', defaultMessage: 'Filters' },
  anyValue: { id: 'biobank.filters.any', defaultMessage: 'Any' },
  collectedFrom: { id: 'biobank.filters.collectedFrom', defaultMessage: 'Collected from' },
  collectedTo: { id: 'biobank.filters.collectedTo', defaultMessage: 'Collected until' },
  clearFilters: { id: 'biobank.filters.clear', defaultMessage: 'Clear filters' },
  sampleNumber: { id: 'biobank.field.sampleNumber', defaultMessage: 'Sample number' },
  type: { id: 'biobank.field.type', defaultMessage: 'Sample type' },
  state: { id: 'biobank.field.state', defaultMessage: 'State' },
  registry: { id: 'biobank.field.registry', defaultMessage: 'Registry' },
  institute: { id: 'biobank.field.institute', defaultMessage: 'Institute' },
  patient: { id: 'biobank.field.patient', defaultMessage: 'Patient' },
  patientLookupHint: { id: 'biobank.patientLookup.hint', defaultMessage: 'Search by internal patient number or insurance number' },
  patientLookupNothing: { id: 'biobank.patientLookup.nothing', defaultMessage: 'No patient you may register a sample for matches' },
  patientLookupError: { id: 'biobank.patientLookup.error', defaultMessage: 'Error loading patients' },
  collectedAt: { id: 'biobank.field.collectedAt', defaultMessage: 'Collected at' },
  legacyNumber: { id: 'biobank.field.legacyNumber', defaultMessage: 'Legacy sample number' },
  notes: { id: 'biobank.field.notes', defaultMessage: 'Notes' },
  amount: { id: 'biobank.field.amount', defaultMessage: 'Amount' },
  amountWithUnit: { id: 'biobank.field.amountWithUnit', defaultMessage: 'Amount ({unit})' },
  virtual: { id: 'biobank.field.virtual', defaultMessage: 'Virtual sample (groups its derived samples, holds no material)' },
  ancestor: { id: 'biobank.field.ancestor', defaultMessage: 'Derived from (ancestor sample)' },
  noAncestor: { id: 'biobank.field.noAncestor', defaultMessage: 'None: an original sample' },
  arrivedAt: { id: 'biobank.field.arrivedAt', defaultMessage: 'Arrived to the biobank' },
  box: { id: 'biobank.field.box', defaultMessage: 'Box' },
  position: { id: 'biobank.field.position', defaultMessage: 'Position' },
  positionText: { id: 'biobank.field.positionText', defaultMessage: '{fridge} / {compartment} / {box}, row {row}, column {column}' },
  dispatchedAt: { id: 'biobank.field.dispatchedAt', defaultMessage: 'Dispatched at' },
  dispatchedTo: { id: 'biobank.field.dispatchedTo', defaultMessage: 'Dispatched to' },
  actions: { id: 'biobank.grid.actions', defaultMessage: 'Actions' },
  open: { id: 'biobank.grid.open', defaultMessage: 'Open {number}' },
  none: { id: 'biobank.none', defaultMessage: '—' },
  required: { id: 'biobank.form.required', defaultMessage: 'Required' },
  notNegative: { id: 'biobank.form.notNegative', defaultMessage: 'The amount can not be below zero' },
  dispatchNeedsBoth: { id: 'biobank.form.dispatchNeedsBoth', defaultMessage: 'A dispatch needs both its date and its recipient' },
  save: { id: 'biobank.form.save', defaultMessage: 'Save' },
  cancel: { id: 'biobank.form.cancel', defaultMessage: 'Cancel' },
  saveFailed: { id: 'biobank.form.saveFailed', defaultMessage: 'The sample could not be saved: {reason}' },
  savedNotice: { id: 'biobank.form.savedNotice', defaultMessage: 'Sample {number} saved.' },
  newTitle: { id: 'biobank.new.title', defaultMessage: 'New bio sample' },
  deriveTitle: { id: 'biobank.new.deriveTitle', defaultMessage: 'New sample derived from {number}' },
  noTypes: { id: 'biobank.form.noTypes', defaultMessage: 'The registry has no sample types.' },
  sampleTitle: { id: 'biobank.sample.title', defaultMessage: 'Bio sample {number}' },
  sampleLoadError: { id: 'biobank.sample.loadError', defaultMessage: 'The sample could not be loaded.' },
  edit: { id: 'biobank.sample.edit', defaultMessage: 'Edit' },
  derive: { id: 'biobank.sample.derive', defaultMessage: 'Derive a sample' },
  markArrived: { id: 'biobank.sample.markArrived', defaultMessage: 'Mark as arrived' },
  delete: { id: 'biobank.sample.delete', defaultMessage: 'Delete sample' },
  deleteConfirm: { id: 'biobank.sample.deleteConfirm', defaultMessage: 'Delete sample {number} for good?' },
  deletedNotice: { id: 'biobank.sample.deletedNotice', defaultMessage: 'Sample deleted.' },
  printLabel: { id: 'biobank.sample.printLabel', defaultMessage: 'Print label' },
  detailsTitle: { id: 'biobank.sample.detailsTitle', defaultMessage: 'Data' },
  parametersTitle: { id: 'biobank.sample.parametersTitle', defaultMessage: 'Sample parameters' },
  lineageTitle: { id: 'biobank.lineage.title', defaultMessage: 'Lineage' },
  lineageLabel: { id: 'biobank.lineage.label', defaultMessage: 'Ancestor and derived samples' },
  currentSample: { id: 'biobank.lineage.current', defaultMessage: '(this sample)' },
  formsTitle: { id: 'biobank.forms.title', defaultMessage: 'Connected forms' },
  noForms: { id: 'biobank.forms.none', defaultMessage: 'The sample is attached to no form.' },
  linkToForm: { id: 'biobank.forms.link', defaultMessage: 'Attach to form' },
  chooseForm: { id: 'biobank.forms.choose', defaultMessage: 'Form of the patient' },
  detach: { id: 'biobank.forms.detach', defaultMessage: 'Detach from {form}' },
  linkFailed: { id: 'biobank.forms.linkFailed', defaultMessage: 'There was an error in the linking process! {reason}' },
  storageTitle: { id: 'biobank.storage.title', defaultMessage: 'Storage' },
  notStored: { id: 'biobank.storage.notStored', defaultMessage: 'The sample has no position yet.' },
  virtualNotStored: { id: 'biobank.storage.virtual', defaultMessage: 'A virtual sample has no position.' },
  chooseBox: { id: 'biobank.storage.chooseBox', defaultMessage: 'Box' },
  boxOption: { id: 'biobank.storage.boxOption', defaultMessage: '{fridge} / {compartment} / {name} ({free} free)' },
  place: { id: 'biobank.storage.place', defaultMessage: 'Place at row {row}, column {column}' },
  takeOut: { id: 'biobank.storage.takeOut', defaultMessage: 'Take out of the box' },
  positionTaken: { id: 'biobank.storage.positionTaken', defaultMessage: 'That position was taken meanwhile by another sample. The map shows the box as it is now: choose another position.' },
  boxMapLabel: { id: 'biobank.boxMap.label', defaultMessage: 'Box {name}: {rows} rows, {columns} columns' },
  cellFree: { id: 'biobank.boxMap.free', defaultMessage: 'row {row}, column {column}, free' },
  cellOccupied: { id: 'biobank.boxMap.occupied', defaultMessage: 'row {row}, column {column}, holds {number}' },
  cellCurrent: { id: 'biobank.boxMap.current', defaultMessage: 'row {row}, column {column}, this sample ({number})' },
  cellChosen: { id: 'biobank.boxMap.chosen', defaultMessage: 'row {row}, column {column}, chosen' },
  boxMapHint: { id: 'biobank.boxMap.hint', defaultMessage: 'Arrow keys move, Enter or Space chooses a free position.' },
  boxLoadError: { id: 'biobank.boxMap.loadError', defaultMessage: 'The box could not be loaded.' },
  historyTitle: { id: 'biobank.history.title', defaultMessage: 'Chain of custody' },
  noHistory: { id: 'biobank.history.none', defaultMessage: 'No entries.' },
  historyBy: { id: 'biobank.history.by', defaultMessage: '{at}: {operation} by {user}' },
  historyOnBehalf: { id: 'biobank.history.onBehalf', defaultMessage: '(on behalf of {name})' },
  historyChange: { id: 'biobank.history.change', defaultMessage: '{field}: {before} → {after}' },
  labelsTitle: { id: 'biobank.labels.title', defaultMessage: 'Sample labels' },
  labelsPrint: { id: 'biobank.labels.print', defaultMessage: 'Print' },
  labelsNone: { id: 'biobank.labels.none', defaultMessage: 'No sample chosen.' },
  labelsFormat: { id: 'biobank.labels.format', defaultMessage: 'Barcode' },
  labelsBack: { id: 'biobank.labels.back', defaultMessage: 'Back to the samples' },
  barcodeOf: { id: 'biobank.labels.barcodeOf', defaultMessage: 'Barcode of {number}' },
  cardTitle: { id: 'biobank.card.title', defaultMessage: 'Institute biobank' },
  cardAwaiting: { id: 'biobank.card.awaiting', defaultMessage: 'Samples awaiting localization' },
  cardNoneAwaiting: { id: 'biobank.card.noneAwaiting', defaultMessage: 'Every arrived sample has a position.' },
  cardLoadError: { id: 'biobank.card.loadError', defaultMessage: 'The biobank counts could not be loaded.' },
  cardLink: { id: 'biobank.card.link', defaultMessage: 'Open the bio samples' },
  cardCentralLink: { id: 'biobank.card.centralLink', defaultMessage: 'Open the central biobank' },
  panelTitle: { id: 'biobank.panel.title', defaultMessage: 'Bio samples' },
  panelNone: { id: 'biobank.panel.none', defaultMessage: 'No sample is attached to this form.' },
  panelAttachable: { id: 'biobank.panel.attachable', defaultMessage: 'Sample to attach' },
  attach: { id: 'biobank.panel.attach', defaultMessage: 'Attach' },
  panelDetach: { id: 'biobank.panel.detach', defaultMessage: 'Detach {number}' },
  patientSamplesTitle: { id: 'biobank.patient.title', defaultMessage: 'Bio samples of patient {number}' },
  patientSamplesNone: { id: 'biobank.patient.none', defaultMessage: 'The patient has no bio samples.' },
  patientSamplesLink: { id: 'biobank.patient.link', defaultMessage: '{count, plural, one {# sample} other {# samples}}' },
} as const;

/** Values of the messages with placeholders; every other message takes none. */
type WithValues = {
  scanNotFound: { term: string | number };
  printLabels: { count: string | number };
  selectSample: { number: string | number };
  amountWithUnit: { unit: string | number };
  positionText: { fridge: string | number; compartment: string | number; box: string | number; row: string | number; column: string | number };
  open: { number: string | number };
  saveFailed: { reason: string | number };
  savedNotice: { number: string | number };
  deriveTitle: { number: string | number };
  sampleTitle: { number: string | number };
  deleteConfirm: { number: string | number };
  detach: { form: string | number };
  panelDetach: { number: string | number };
  linkFailed: { reason: string | number };
  boxOption: { fridge: string | number; compartment: string | number; name: string | number; free: string | number };
  place: { row: string | number; column: string | number };
  boxMapLabel: { name: string | number; rows: string | number; columns: string | number };
  cellFree: { row: string | number; column: string | number };
  cellOccupied: { row: string | number; column: string | number; number: string | number };
  cellCurrent: { row: string | number; column: string | number; number: string | number };
  cellChosen: { row: string | number; column: string | number };
  historyBy: { at: string | number; operation: string | number; user: string | number };
  historyOnBehalf: { name: string | number };
  historyChange: { field: string | number; before: string | number; after: string | number };
  barcodeOf: { number: string | number };
  patientSamplesTitle: { number: string | number };
  patientSamplesLink: { count: string | number };
};
type MessageValueTypes = Omit<{ [K in keyof typeof MESSAGE_DEFINITIONS]: NoMessageValues }, keyof WithValues> & WithValues;

export const messages = defineMessages<MessageValueTypes>(MESSAGE_DEFINITIONS);

export const stateMessages = defineMessages<BioSampleState>({
  collected: { id: 'biobank.state.collected', defaultMessage: 'Collected' },
  attached: { id: 'biobank.state.attached', defaultMessage: 'Attached to form' },
  arrived: { id: 'biobank.state.arrived', defaultMessage: 'Arrived to biobank' },
  localized: { id: 'biobank.state.localized', defaultMessage: 'Localized' },
  dispatched: { id: 'biobank.state.dispatched', defaultMessage: 'Dispatched' },
});

export const operationMessages = defineMessages<BioSampleHistoryEntry['operation']>({
  created: { id: 'biobank.operation.created', defaultMessage: 'Registered' },
  updated: { id: 'biobank.operation.updated', defaultMessage: 'Changed' },
  attached: { id: 'biobank.operation.attached', defaultMessage: 'Attached to a form' },
  detached: { id: 'biobank.operation.detached', defaultMessage: 'Detached from a form' },
  arrived: { id: 'biobank.operation.arrived', defaultMessage: 'Arrived to the biobank' },
  localized: { id: 'biobank.operation.localized', defaultMessage: 'Placed in a box' },
  moved: { id: 'biobank.operation.moved', defaultMessage: 'Moved' },
  dispatched: { id: 'biobank.operation.dispatched', defaultMessage: 'Dispatched' },
  derived: { id: 'biobank.operation.derived', defaultMessage: 'Derived sample made' },
  amount_changed: { id: 'biobank.operation.amountChanged', defaultMessage: 'Amount changed' },
});
