// A form-descriptor document for tests: the header every form has (patient and physician) around
// the sections a test needs, so that each test writes down only its own fields and labels.
export interface TestDescriptorParts {
  formTypeId?: number;
  version?: number;
  locale?: string;
  displayId?: string;
  /** Section id → its fields, in order. */
  sections: Record<string, unknown[]>;
  labels?: Record<string, string>;
  valueLabelMap?: Record<string, unknown>;
  indispensableFields?: string[];
  personalDataFields?: string[];
}

export function testDescriptorDocument(parts: TestDescriptorParts): Record<string, unknown> {
  const sectionIds = Object.keys(parts.sections);
  return {
    formTypeId: parts.formTypeId ?? 1,
    version: parts.version ?? 1,
    locale: parts.locale ?? 'en',
    displayId: parts.displayId ?? 'TEST',
    behaviorType: 'any',
    sections: sectionIds.map((id) => ({ id })),
    commonDataFields: [
      { id: 'patient', type: 'text', role: 'patient' },
      { id: 'physician', type: 'text', role: 'physician' },
    ],
    form: { sections: sectionIds.map((id) => ({ id, fields: parts.sections[id] })) },
    labels: { patient: 'Patient', physician: 'Physician', ...parts.labels },
    valueLabelMap: parts.valueLabelMap ?? {},
    ...(parts.indispensableFields ? { indispensableFields: parts.indispensableFields } : {}),
    ...(parts.personalDataFields ? { personalDataFields: parts.personalDataFields } : {}),
  };
}
