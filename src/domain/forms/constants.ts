// The closed vocabularies of the form engine (spec business-data §4, §5). Each is an `as const`
// object so that the union types follow from the data and a renderer can iterate over them.

export const FIELD_TYPES = {
  text: 'text',
  longText: 'longText',
  integer: 'integer',
  decimal: 'decimal',
  date: 'date',
  datetime: 'datetime',
  time: 'time',
  singleChoice: 'singleChoice',
  multipleChoice: 'multipleChoice',
  boolean: 'boolean',
  calculated: 'calculated',
  multiField: 'multiField',
  dependentGroup: 'dependentGroup',
  fileUpload: 'fileUpload',
  geneList: 'geneList',
  staticText: 'staticText',
} as const;
export type FieldType = (typeof FIELD_TYPES)[keyof typeof FIELD_TYPES];

/** Types that only arrange other fields; they hold no value of their own. */
export const CONTAINER_TYPES: ReadonlySet<FieldType> = new Set([FIELD_TYPES.dependentGroup]);
/** Types whose value nobody types in. */
export const READ_ONLY_TYPES: ReadonlySet<FieldType> = new Set([FIELD_TYPES.calculated, FIELD_TYPES.staticText]);

export const VIEW_TYPES = { read: 'read', new: 'new', edit: 'edit', inspect: 'inspect', correct: 'correct' } as const;
export type ViewType = (typeof VIEW_TYPES)[keyof typeof VIEW_TYPES];

export const RENDER_MODES = {
  read: 'read',
  new: 'new',
  edit: 'edit',
  inspect: 'inspect',
  inspectFix: 'inspect_fix',
  inspectReject: 'inspect_reject',
  fix: 'fix',
  correct: 'correct',
  correctFix: 'correct_fix',
  censored: 'censored',
} as const;
export type RenderMode = (typeof RENDER_MODES)[keyof typeof RENDER_MODES];

export const DISPLAY_MODES = { dirty: 'dirty', rejected: 'rejected', corrected: 'corrected' } as const;
export type DisplayMode = (typeof DISPLAY_MODES)[keyof typeof DISPLAY_MODES];

export const SEVERITIES = { error: 'error', warning: 'warning' } as const;
export type Severity = (typeof SEVERITIES)[keyof typeof SEVERITIES];

export const SUBMIT_TYPES = { submit: 'submit', draft: 'draft' } as const;
export type SubmitType = (typeof SUBMIT_TYPES)[keyof typeof SUBMIT_TYPES];

export const BEHAVIOR_TYPES = { attendanceStart: 'attendance_start', any: 'any' } as const;
export type BehaviorType = (typeof BEHAVIOR_TYPES)[keyof typeof BEHAVIOR_TYPES];

export const FORM_LOCALES = { hu: 'hu', en: 'en' } as const;
export type FormLocale = (typeof FORM_LOCALES)[keyof typeof FORM_LOCALES];

/** What a header (commonDataFields) field stands for; patient and physician are always mandatory. */
export const HEADER_ROLES = {
  patient: 'patient',
  physician: 'physician',
  startDatetime: 'startDatetime',
  endDatetime: 'endDatetime',
  institute: 'institute',
  other: 'other',
} as const;
export type HeaderRole = (typeof HEADER_ROLES)[keyof typeof HEADER_ROLES];
export const ALWAYS_MANDATORY_HEADER_ROLES: readonly HeaderRole[] = [HEADER_ROLES.patient, HEADER_ROLES.physician];

export const SINGLE_CHOICE_WIDGETS = { radio: 'radio', select: 'select' } as const;
export type SingleChoiceWidget = (typeof SINGLE_CHOICE_WIDGETS)[keyof typeof SINGLE_CHOICE_WIDGETS];
/** Past this many options a select gets a search box (issue 4, item 1). */
export const SEARCHABLE_OPTION_THRESHOLD = 20;

export const DATE_FORMATS = { date: 'YYYY-MM-DD', datetime: 'YYYY-MM-DDTHH:mm', time: 'HH:mm' } as const;

/** Spec §5 and §9: the field-dependency memoisation cache holds at most this many items. */
export const DEFAULT_DEPENDENCY_CACHE_SIZE = 1000;
