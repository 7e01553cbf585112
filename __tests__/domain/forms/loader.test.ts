import { DescriptorError, formatDescriptorErrors, loadDescriptor, loadDescriptorOrThrow } from '../../../src/domain/forms';
import { rawDescriptor, type AnyField, type Doc } from './fixtures';

const base: AnyField[] = [
  { id: 'tjc', type: 'integer', min: 0, max: 28 },
  { id: 'esr', type: 'decimal', min: 1, precision: 1, unit: 'mm/h' },
  { id: 'score', type: 'calculated', formula: 'sqrt(tjc) + ln(esr)', parameters: ['tjc', 'esr'] },
  { id: 'serious', type: 'singleChoice', options: 'yesNoUnknown' },
  { id: 'grp', type: 'dependentGroup', referenceField: 'serious', condition: "serious = 'yes'", fields: [{ id: 'why', type: 'text' }] },
  {
    id: 'meds',
    type: 'multiField',
    minEntries: 0,
    maxEntries: 5,
    fields: [
      { id: 'drug', type: 'text' },
      { id: 'dose', type: 'decimal' },
      { id: 'perTjc', type: 'calculated', formula: 'dose / tjc', parameters: ['dose', 'tjc'] },
    ],
  },
  { id: 'onset', type: 'date', earlierThan: 'resolved' },
  { id: 'resolved', type: 'date' },
  { id: 'note', type: 'staticText', text: 'noteText' },
];

/** Errors of loading the base descriptor after `change` edits the raw document. */
function errorsAfter(change: (doc: Doc) => void): string[] {
  const doc = rawDescriptor(structuredClone(base)) as Doc;
  doc.labels.noteText = 'A note';
  change(doc);
  const result = loadDescriptor(doc);
  return result.ok ? [] : formatDescriptorErrors(result.errors);
}

const field = (doc: Doc, i: number): Doc => doc.form.sections[0].fields[i];

describe('loadDescriptor accepts a good descriptor and normalises it', () => {
  test('derived field sections, orders and the always-mandatory header fields', () => {
    expect(errorsAfter(() => undefined)).toEqual([]);
    const doc = rawDescriptor(structuredClone(base), { indispensableFields: ['tjc'] }) as Doc;
    doc.labels.noteText = 'A note';
    const descriptor = loadDescriptorOrThrow(doc);
    expect(descriptor.fieldSections).toMatchObject({ tjc: 's1', why: 's1', drug: 's1' });
    expect(descriptor.fieldSections.patient).toBeUndefined();
    expect(descriptor.fieldOrders).toMatchObject({ patient: 0, physician: 1, visitStart: 2, tjc: 3, grp: 7, why: 8, meds: 9, drug: 10 });
    expect(descriptor.indispensableFields).toEqual(['patient', 'physician', 'tjc']);
    expect(descriptor.personalDataFields).toEqual([]);
    expect(doc.indispensableFields).toEqual(['tjc']);
  });

  test('keeps given field sections and orders', () => {
    const doc = rawDescriptor(structuredClone(base), { fieldSections: { tjc: 's1' }, fieldOrders: { tjc: 5, esr: 1 } }) as Doc;
    doc.labels.noteText = 'A note';
    const descriptor = loadDescriptorOrThrow(doc);
    expect(descriptor.fieldOrders).toEqual({ tjc: 5, esr: 1 });
    expect(descriptor.fieldSections).toEqual({ tjc: 's1' });
  });
});

describe('loadDescriptor names the bad path', () => {
  test.each<[string, (doc: Doc) => void, string]>([
    ['not a number', (d) => (field(d, 0).min = '0'), 'form.sections[0].fields[0].min: must be a number'],
    ['max below min', (d) => (field(d, 0).max = -1), 'form.sections[0].fields[0].max: must not be less than min'],
    ['negative precision', (d) => (field(d, 1).precision = -1), 'form.sections[0].fields[1].precision: must not be negative'],
    ['typo in a property', (d) => (field(d, 0).mandatroy = true), 'form.sections[0].fields[0].mandatroy: is not a known property'],
    ['property of another type', (d) => (field(d, 0).precision = 2), 'form.sections[0].fields[0].precision: is not a known property'],
    ['unknown type', (d) => (field(d, 0).type = 'slider'), 'form.sections[0].fields[0].type: must be one of text, longText, integer, decimal, date, datetime, time, singleChoice, multipleChoice, boolean, calculated, multiField, dependentGroup, fileUpload, geneList, staticText'],
    ['missing id', (d) => delete field(d, 0).id, 'form.sections[0].fields[0].id: is required'],
    ['empty id', (d) => (field(d, 0).id = ' '), 'form.sections[0].fields[0].id: must not be empty'],
    ['bad severity', (d) => (field(d, 0).severity = 'fatal'), 'form.sections[0].fields[0].severity: must be one of error, warning'],
    ['field not an object', (d) => (d.form.sections[0].fields[3] = 'x'), 'form.sections[0].fields[3]: must be an object'],
    ['nested child', (d) => (field(d, 5).fields[1].max = 'a'), 'form.sections[0].fields[5].fields[1].max: must be a number'],
    ['empty multi-field', (d) => (field(d, 5).fields = []), 'form.sections[0].fields[5].fields: must not be empty'],
    ['bad regex', (d) => d.form.sections[0].fields.push({ id: 'code', type: 'text', pattern: { regex: '([a-z' } }), 'form.sections[0].fields[9].pattern.regex: is not a valid regular expression'],
    ['bad email format', (d) => d.form.sections[0].fields.push({ id: 'mail', type: 'text', format: 'phone' }), 'form.sections[0].fields[9].format: must be one of email'],
    ['parameters not strings', (d) => (field(d, 2).parameters = [1]), 'form.sections[0].fields[2].parameters: must be an array of strings'],
    ['missing formula', (d) => delete field(d, 2).formula, 'form.sections[0].fields[2].formula: is required'],
    ['bad widget', (d) => (field(d, 3).widget = 'slider'), 'form.sections[0].fields[3].widget: must be one of radio, select'],
    ['bad compareWith mode', (d) => (field(d, 0).compareWith = { field: 'esr', mode: 'same' }), 'form.sections[0].fields[0].compareWith.mode: must be one of equal, differ'],
    ['bad locale', (d) => (d.locale = 'de'), 'locale: must be one of hu, en'],
    ['version zero', (d) => (d.version = 0), 'version: must be positive'],
    ['formTypeId text', (d) => (d.formTypeId = 'x'), 'formTypeId: must be an integer'],
    ['missing displayId', (d) => delete d.displayId, 'displayId: is required'],
    ['bad behaviorType', (d) => (d.behaviorType = 'start'), 'behaviorType: must be one of attendance_start, any'],
    ['unknown top-level key', (d) => (d.extra = 1), 'extra: is not a known property'],
    ['header without role', (d) => delete d.commonDataFields[0].role, 'commonDataFields[0].role: is required'],
    ['sections empty', (d) => (d.sections = []), 'sections: must not be empty'],
    ['labels not texts', (d) => (d.labels.tjc = 5), 'labels.tjc: must be a string'],
    ['option without label', (d) => delete d.valueLabelMap.yesNoUnknown[1].label, 'valueLabelMap.yesNoUnknown[1].label: is required'],
    ['duplicate option', (d) => (d.valueLabelMap.yesNoUnknown[1].value = 'yes'), 'valueLabelMap.yesNoUnknown[1].value: duplicate option value "yes"'],
    ['fieldOrders not numbers', (d) => (d.fieldOrders = { tjc: 'first' }), 'fieldOrders.tjc: must be a number'],
  ])('%s', (_name, change, message) => {
    expect(errorsAfter(change)).toContain(message);
  });
});

describe('loadDescriptor checks references', () => {
  test.each<[string, (doc: Doc) => void, string]>([
    ['formula reads an unlisted field', (d) => (field(d, 2).formula = 'tjc + serious'), 'form.sections[0].fields[2].formula: reads "serious", which is not listed in parameters'],
    ['unknown parameter', (d) => field(d, 2).parameters.push('ghost'), 'form.sections[0].fields[2].parameters[2]: refers to unknown field "ghost"'],
    ['formula syntax', (d) => (field(d, 2).formula = 'sqrt(tjc'), "form.sections[0].fields[2].formula: Expected ')' but found end of expression at position 8"],
    ['unknown function', (d) => (field(d, 2).formula = 'cbrt(tjc)'), "form.sections[0].fields[2].formula: Unknown function 'cbrt' at position 0"],
    ['unknown reference field', (d) => (field(d, 4).referenceField = 'ghost'), 'form.sections[0].fields[4].referenceField: refers to unknown field "ghost"'],
    ['condition ignores its reference field', (d) => (field(d, 4).condition = 'tjc > 2'), 'form.sections[0].fields[4].condition: does not read its referenceField "serious"'],
    ['condition reads unknown', (d) => (field(d, 4).condition = "serious = 'yes' and ghost"), 'form.sections[0].fields[4].condition: refers to unknown field "ghost"'],
    ['entry field read from outside', (d) => { field(d, 2).formula = 'dose'; field(d, 2).parameters = ['dose']; }, 'form.sections[0].fields[2].parameters[0]: refers to "dose" inside multi-field "meds", which is not reachable from here'],
    ['duplicate id', (d) => (field(d, 1).id = 'tjc'), 'form.sections[0].fields[1].id: duplicate field id "tjc"'],
    ['duplicate of a header id', (d) => (field(d, 0).id = 'patient'), 'form.sections[0].fields[0].id: duplicate field id "patient"'],
    ['reserved word as id', (d) => { field(d, 7).id = 'and'; d.labels.and = 'x'; field(d, 6).earlierThan = 'and'; }, 'form.sections[0].fields[7].id: must start with a letter or _, hold only letters, digits and _, and not be and, or, not, true, false or empty'],
    ['id with a dash', (d) => { field(d, 7).id = 'date-2'; d.labels['date-2'] = 'x'; field(d, 6).earlierThan = 'date-2'; }, 'form.sections[0].fields[7].id: must start with a letter or _, hold only letters, digits and _, and not be and, or, not, true, false or empty'],
    ['missing label', (d) => delete d.labels.esr, 'form.sections[0].fields[1].id: has no label "esr" in labels'],
    ['missing explicit label', (d) => (field(d, 1).label = 'esrLabel'), 'form.sections[0].fields[1].label: has no label "esrLabel" in labels'],
    ['missing static text', (d) => delete d.labels.noteText, 'form.sections[0].fields[8].text: has no label "noteText" in labels'],
    ['missing section label', (d) => delete d.labels.s1, 'sections[0]: has no label "s1" in labels'],
    ['missing option list', (d) => (field(d, 3).options = 'colours'), 'form.sections[0].fields[3].options: has no option list "colours" in valueLabelMap'],
    ['earlierThan a number', (d) => (field(d, 6).earlierThan = 'tjc'), 'form.sections[0].fields[6].earlierThan: refers to "tjc", which is not a date, date-time or time'],
    ['requiredWith unknown', (d) => (field(d, 0).requiredWith = ['ghost']), 'form.sections[0].fields[0].requiredWith[0]: refers to unknown field "ghost"'],
    ['atLeastOneOf a group', (d) => (field(d, 0).atLeastOneOf = ['grp']), 'form.sections[0].fields[0].atLeastOneOf[0]: refers to "grp", which holds no value'],
    ['compareWith unknown', (d) => (field(d, 0).compareWith = { field: 'ghost', mode: 'equal' }), 'form.sections[0].fields[0].compareWith.field: refers to unknown field "ghost"'],
    ['nested multi-field', (d) => field(d, 5).fields.push({ id: 'inner', type: 'multiField', fields: [{ id: 'deep', type: 'text' }] }), 'form.sections[0].fields[5].fields[3]: a multi-field cannot be nested in another multi-field'],
    ['no physician', (d) => (d.commonDataFields[1].role = 'other'), 'commonDataFields: must hold exactly one field with role "physician" (found 0)'],
    ['two patients', (d) => (d.commonDataFields[2].role = 'patient'), 'commonDataFields: must hold exactly one field with role "patient" (found 2)'],
    ['calculated header', (d) => (d.commonDataFields[2] = { id: 'visitStart', type: 'calculated', role: 'other', formula: '1', parameters: [] }), 'commonDataFields[2].type: a header field must be a plain input'],
    ['section order differs', (d) => { d.sections.push({ id: 's0' }); d.labels.s0 = 'S0'; d.form.sections.unshift({ id: 's0', fields: [] }); }, 'form.sections[0].id: must be "s1", as in sections'],
    ['section missing in form', (d) => { d.sections.push({ id: 's2' }); d.labels.s2 = 'S2'; }, 'form.sections: must hold the 2 sections of sections'],
    ['duplicate section', (d) => { d.sections.push({ id: 's1' }); d.form.sections.push({ id: 's1', fields: [] }); }, 'sections[1].id: duplicate section id "s1"'],
    ['unknown indispensable field', (d) => (d.indispensableFields = ['ghost']), 'indispensableFields[0]: refers to unknown field "ghost"'],
    ['unknown personal data field', (d) => (d.personalDataFields = ['tjc', 'ghost']), 'personalDataFields[1]: refers to unknown field "ghost"'],
    ['fieldSections unknown field', (d) => (d.fieldSections = { ghost: 's1' }), 'fieldSections.ghost: refers to unknown field "ghost"'],
    ['fieldSections unknown section', (d) => (d.fieldSections = { tjc: 's9' }), 'fieldSections.tjc: refers to unknown section "s9"'],
    ['fieldOrders unknown field', (d) => (d.fieldOrders = { ghost: 1 }), 'fieldOrders.ghost: refers to unknown field "ghost"'],
  ])('%s', (_name, change, message) => {
    expect(errorsAfter(change)).toContain(message);
  });

  test.each<[string, AnyField[], string]>([
    [
      'two calculated fields reading each other',
      [
        { id: 'x', type: 'calculated', formula: 'y + 1', parameters: ['y'] },
        { id: 'y', type: 'calculated', formula: 'x * 2', parameters: ['x'] },
      ],
      'form.sections[0].fields[0].formula: circular dependency: x -> y -> x',
    ],
    ['a field reading itself', [{ id: 'x', type: 'calculated', formula: 'x + 1', parameters: ['x'] }], 'form.sections[0].fields[0].formula: circular dependency: x -> x'],
    [
      'a cycle behind a clean start',
      [
        { id: 'a', type: 'integer' },
        { id: 'p', type: 'calculated', formula: 'q + a', parameters: ['q', 'a'] },
        { id: 'q', type: 'calculated', formula: 'r', parameters: ['r'] },
        { id: 'r', type: 'calculated', formula: 'q', parameters: ['q'] },
      ],
      'form.sections[0].fields[2].formula: circular dependency: q -> r -> q',
    ],
    [
      'a calculated field inside the group its value shows',
      [{ id: 'g', type: 'dependentGroup', referenceField: 'c', condition: 'c > 1', fields: [{ id: 'c', type: 'calculated', formula: '2', parameters: [] }] }],
      'form.sections[0].fields[0].condition: reads "c", which is inside this group',
    ],
  ])('cycle: %s', (_name, fields, message) => {
    const result = loadDescriptor(rawDescriptor(fields));
    expect(result.ok ? [] : formatDescriptorErrors(result.errors)).toContain(message);
  });

  test('rejects what is not an object and reports every problem at once', () => {
    expect(loadDescriptor(null)).toEqual({ ok: false, errors: [{ path: '', message: 'must be an object' }] });
    expect(loadDescriptor([])).toEqual({ ok: false, errors: [{ path: '', message: 'must be an object' }] });
    const errors = errorsAfter((d) => {
      field(d, 0).min = 'a';
      field(d, 1).max = 'b';
      d.version = 'x';
    });
    expect(errors).toHaveLength(3);
  });

  test('loadDescriptorOrThrow throws a DescriptorError whose message names the paths', () => {
    const doc = rawDescriptor([{ id: 'a', type: 'integer', min: 'zero' }]);
    expect(() => loadDescriptorOrThrow(doc)).toThrow(DescriptorError);
    expect(() => loadDescriptorOrThrow(doc)).toThrow('Invalid form descriptor: form.sections[0].fields[0].min: must be a number');
  });
});
