// Message keys a form validation issue can carry. The first group is the catalogue of spec
// business-data §5; the rest are the form engine's own (listed in docs/form-descriptor.md with
// their English and Hungarian texts). The client turns each key and its context into text.

export const VALIDATION_KEYS = {
  // Spec §5 catalogue.
  stringEmail: 'string.email',
  stringMin: 'string.min',
  stringMax: 'string.max',
  stringEmpty: 'string.empty',
  stringLength: 'string.length',
  numberMin: 'number.min',
  numberMax: 'number.max',
  numberInteger: 'number.integer',
  anyRequired: 'any.required',
  anyOnly: 'any.only',
  dateFormat: 'date.format',
  stringDateRange: 'string.dateRange',
  stringRegexBase: 'string.regex.base',
  logicWith: 'logic.with',
  arrayMin: 'array.min',
  arrayMax: 'array.max',
  default: 'default',
  // Added by the form engine.
  stringBase: 'string.base',
  numberBase: 'number.base',
  numberPrecision: 'number.precision',
  dateFuture: 'date.future',
  booleanInvalid: 'boolean.invalid',
  arrayBase: 'array.base',
  fileInvalid: 'file.invalid',
  fileType: 'file.type',
  fileSize: 'file.size',
  atLeastOneRequired: 'form.atLeastOneRequired',
  atLeastOneFromList: 'form.atLeastOneFromList',
  doNotMatch: 'form.doNotMatch',
  mustDiffer: 'form.mustDiffer',
  geneRequired: 'form.geneRequired',
  geneDuplicate: 'form.geneDuplicate',
  reviewReasonRequired: 'review.reasonRequired',
  reviewNotRejected: 'review.notRejected',
  reviewLocked: 'review.locked',
  reviewNotLocked: 'review.notLocked',
} as const;
export type ValidationKey = (typeof VALIDATION_KEYS)[keyof typeof VALIDATION_KEYS];
