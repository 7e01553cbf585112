// The form descriptor: the JSON document that describes one version of one form type in one
// locale (spec business-data §3). Plain data, so it travels unchanged between the database, the
// server, the browser and the seed. `docs/form-descriptor.md` documents it with an example.
import type {
  BehaviorType,
  FieldType,
  FormLocale,
  HeaderRole,
  Severity,
  SingleChoiceWidget,
} from './constants';

/** Rules shared by every field that holds a value. */
export interface FieldCommon {
  /** Unique across the whole descriptor (header included); also the name used in expressions. */
  id: string;
  type: FieldType;
  /** Key into `labels`; defaults to the id. */
  label?: string;
  /** Key into `labels` for a hint shown under the input. */
  help?: string;
  /** Empty is an `any.required` error on submit (drafts may still save unless indispensable). */
  mandatory?: boolean;
  /** Severity of this field's range, length, pattern and cross-field rules (type errors stay errors). */
  severity?: Severity;
  /** This field or one of these must be filled (`form.atLeastOneRequired`). */
  atLeastOneOf?: string[];
  /** This field is required when any of these main fields is filled (`logic.with`). */
  requiredWith?: string[];
  /** Must equal (`form.doNotMatch`) or differ from (`form.mustDiffer`) another field. */
  compareWith?: { field: string; mode: 'equal' | 'differ' };
}

export interface TextField extends FieldCommon {
  type: 'text' | 'longText';
  minLength?: number;
  maxLength?: number;
  /** Exact length (`string.length`). */
  length?: number;
  /** Regular expression the whole value must match; `message` is a message key (default string.regex.base). */
  pattern?: { regex: string; message?: string };
  format?: 'email';
}

export interface NumberField extends FieldCommon {
  type: 'integer' | 'decimal';
  min?: number;
  max?: number;
  /** Advisory range: outside it is a warning, never an error. */
  softMin?: number;
  softMax?: number;
  /** Decimal places allowed (decimal only). */
  precision?: number;
  unit?: string;
}

export interface DateField extends FieldCommon {
  type: 'date' | 'datetime' | 'time';
  /** This value must be earlier than (or equal to) that field's value (`string.dateRange`). */
  earlierThan?: string;
  /** A date after the injected "today" is refused (`date.future`). */
  notInFuture?: boolean;
}

export interface SingleChoiceField extends FieldCommon {
  type: 'singleChoice';
  /** Key into `valueLabelMap`. */
  options: string;
  widget?: SingleChoiceWidget;
}

export interface MultipleChoiceField extends FieldCommon {
  type: 'multipleChoice';
  options: string;
  /** At least one option must be ticked (`form.atLeastOneFromList`). */
  atLeastOneFromList?: boolean;
  maxSelected?: number;
}

export interface BooleanField extends FieldCommon {
  type: 'boolean';
}

export interface CalculatedField extends FieldCommon {
  type: 'calculated';
  /** Expression of the domain evaluator, e.g. `round(0.56*sqrt(tjc28) + 0.7*ln(esr), 2)`. */
  formula: string;
  /** Every field id the formula reads; checked against the formula by the loader. */
  parameters: string[];
  unit?: string;
  /** Advisory range of the result. */
  softMin?: number;
  softMax?: number;
}

export interface MultiField extends FieldCommon {
  type: 'multiField';
  fields: FieldDescriptor[];
  minEntries?: number;
  maxEntries?: number;
}

export interface DependentGroup extends FieldCommon {
  type: 'dependentGroup';
  /** The field whose value decides; must be read by `condition`. */
  referenceField: string;
  /** Predicate expression; the group shows while it holds. */
  condition: string;
  fields: FieldDescriptor[];
}

export interface FileUploadField extends FieldCommon {
  type: 'fileUpload';
  /** MIME types or extensions, e.g. ["application/pdf", ".jpg"]. */
  accept?: string[];
  maxSizeBytes?: number;
}

export interface GeneListField extends FieldCommon {
  type: 'geneList';
  /** Key into `valueLabelMap` for the variant classification column, if any. */
  classificationOptions?: string;
}

export interface StaticTextField extends FieldCommon {
  type: 'staticText';
  /** Key into `labels` of the text shown. */
  text: string;
}

export type FieldDescriptor =
  | TextField
  | NumberField
  | DateField
  | SingleChoiceField
  | MultipleChoiceField
  | BooleanField
  | CalculatedField
  | MultiField
  | DependentGroup
  | FileUploadField
  | GeneListField
  | StaticTextField;

export type HeaderFieldDescriptor = FieldDescriptor & { role: HeaderRole };

export interface SectionDescriptor {
  id: string;
  /** Key into `labels`; defaults to the id. */
  label?: string;
}

export interface FormSectionNode {
  id: string;
  fields: FieldDescriptor[];
}

export interface ValueLabel {
  value: string;
  label: string;
}

export interface FormDescriptor {
  formTypeId: number;
  version: number;
  locale: FormLocale;
  displayId: string;
  behaviorType: BehaviorType;
  validatorDisplayId?: string;
  validatorVersion?: number;
  /** Section order and labels (navigation). */
  sections: SectionDescriptor[];
  /** The header: patient, physician, start and end date-time, ... */
  commonDataFields: HeaderFieldDescriptor[];
  /** The field tree, per section, in the order of `sections`. */
  form: { sections: FormSectionNode[] };
  /** Label texts of this locale by label key. */
  labels: Record<string, string>;
  /** Option lists by key, each option with its stored value and its label in this locale. */
  valueLabelMap: Record<string, ValueLabel[]>;
  /** Fields whose errors block even a draft (shown bold); the loader adds patient and physician. */
  indispensableFields: string[];
  /** Fields holding personal data (hidden in pseudonymised exports). */
  personalDataFields: string[];
  /** Field id -> section id for every field (derived by the loader when absent). */
  fieldSections: Record<string, string>;
  /** Field id -> position in the validation pane and exports (derived by the loader when absent). */
  fieldOrders: Record<string, number>;
}

/** A file reference as the upload endpoint returns it. */
export interface FileValue {
  fileId: string;
  fileName: string;
  size?: number;
  mimeType?: string;
}

export interface GeneEntry {
  gene: string;
  variant?: string;
  classification?: string;
}

export type ScalarValue = string | number | boolean | null | undefined;
/** One entry of a multi-field: values by child id. */
export type EntryValues = { [id: string]: FieldValue };
export type FieldValue = ScalarValue | string[] | FileValue | GeneEntry[] | EntryValues[];
/** Values of a form by field id; multi-fields hold arrays of entries. */
export type FormValues = { [id: string]: FieldValue };
