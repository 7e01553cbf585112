import {
  createFormEvaluator,
  formatDescriptorErrors,
  loadDescriptor,
  loadDescriptorOrThrow,
  validateForm,
  type FormDescriptor,
} from '../../../src/domain/forms';
import { buildDemoDescriptor, demoDescriptorDocuments, ONCOLOGY_ENROLMENT, RHEUMA_ADVERSE_EVENT, RHEUMA_BASELINE } from '../../../src/domain/forms/demo';
import { fieldIndexOf } from '../../../src/domain/forms';

const documents = demoDescriptorDocuments();

describe('demo descriptors load through the loader', () => {
  test.each(documents.map((d) => [d.displayId, d.locale, d.document] as const))('%s (%s)', (_id, _locale, document) => {
    const result = loadDescriptor(document);
    expect(result.ok ? [] : formatDescriptorErrors(result.errors)).toEqual([]);
  });

  test.each(documents.map((d) => [d.displayId, d.locale, d.document] as const))('%s (%s) has a realistic size', (_id, _locale, document) => {
    const size = fieldIndexOf(loadDescriptorOrThrow(document)).ordered.length;
    expect(size).toBeGreaterThanOrEqual(60);
    expect(size).toBeLessThanOrEqual(150);
  });

  const withoutUnits = (form: unknown): unknown => JSON.parse(JSON.stringify(form, (key, value: unknown) => (key === 'unit' ? undefined : value)));

  test('hu and en carry the same fields and option values, with every label translated', () => {
    for (const form of [RHEUMA_BASELINE, RHEUMA_ADVERSE_EVENT, ONCOLOGY_ENROLMENT]) {
      const hu = loadDescriptorOrThrow(buildDemoDescriptor(form, 'hu'));
      const en = loadDescriptorOrThrow(buildDemoDescriptor(form, 'en'));
      expect(Object.keys(hu.labels).sort()).toEqual(Object.keys(en.labels).sort());
      // Units that are words are translated too ("perc" / "min"); everything else is the same form.
      expect(withoutUnits(hu.form)).toEqual(withoutUnits(en.form));
      expect(Object.keys(hu.valueLabelMap)).toEqual(Object.keys(en.valueLabelMap));
      expect(hu.labels.patient).toBe('Beteg');
      expect(en.labels.patient).toBe('Patient');
    }
  });

  test('a unit that is a word is in the language of the descriptor; symbols are the same in both', () => {
    const unitOf = (locale: 'hu' | 'en', id: string): unknown => {
      const field = fieldIndexOf(loadDescriptorOrThrow(buildDemoDescriptor(RHEUMA_BASELINE, locale))).byId.get(id)?.field;
      return field && 'unit' in field ? field.unit : undefined;
    };
    expect([unitOf('hu', 'morningStiffness'), unitOf('en', 'morningStiffness')]).toEqual(['perc', 'min']);
    expect([unitOf('hu', 'esr'), unitOf('en', 'esr')]).toEqual(['mm/h', 'mm/h']);
  });
});

describe('DAS28-ESR on the baseline form', () => {
  const descriptor: FormDescriptor = loadDescriptorOrThrow(buildDemoDescriptor(RHEUMA_BASELINE, 'en'));

  test.each<[number, number, number, number, number]>([
    // 0.56·√4 + 0.28·√9 + 0.70·ln 30 + 0.014·50 = 1.12 + 0.84 + 2.3809 + 0.70 = 5.04
    [4, 9, 30, 50, 5.04],
    [0, 0, 10, 0, 1.61],
    [28, 28, 100, 100, 9.07],
    // 1.3717 + 0.56 + 2.1637 + 0.868 = 4.9634
    [6, 4, 22, 62, 4.96],
  ])('TJC %i, SJC %i, ESR %i, GH %i gives %d', (tjc28, sjc28, esr, ghVas, das28) => {
    const ev = createFormEvaluator(descriptor, { tjc28, sjc28, esr, ghVas });
    expect(ev.getValue('das28esr')).toBe(das28);
  });

  test('follows each keystroke and empties when an input is cleared', () => {
    const ev = createFormEvaluator(descriptor, { tjc28: 4, sjc28: 9, esr: 30 });
    expect(ev.getValue('das28esr')).toBeNull();
    // DAS28-CRP and CDAI also read GH but stay empty without CRP and the physician's VAS.
    expect(ev.setValue('ghVas', 50).values).toEqual(['ghVas', 'das28esr']);
    expect(ev.getValue('das28esr')).toBe(5.04);
    ev.setValue('esr', '');
    expect(ev.getValue('das28esr')).toBeNull();
  });

  test('the other derived scores', () => {
    const ev = createFormEvaluator(descriptor, {
      tjc28: 4, sjc28: 9, esr: 30, crp: 12, ghVas: 50, physicianVas: 40, height: 170, weight: 70,
      birthDate: '1970-05-20', visitDate: '2024-05-19', diagnosisDate: '2019-05-19',
      haqDressing: '1', haqArising: '1', haqEating: '0', haqWalking: '2', haqHygiene: '1', haqReach: '1', haqGrip: '0', haqActivities: '2',
    });
    expect(ev.getValue('cdai')).toBe(22);
    expect(ev.getValue('sdai')).toBe(23.2);
    expect(ev.getValue('bmi')).toBe(24.2);
    expect(ev.getValue('ageAtVisit')).toBe(53);
    expect(ev.getValue('diseaseDuration')).toBe(5);
    expect(ev.getValue('haqDi')).toBe(1);
  });

  test('an empty baseline form lists the missing mandatory fields', () => {
    const issues = validateForm(createFormEvaluator(descriptor, {}));
    const required = issues.filter((i) => i.key === 'any.required').map((i) => i.path);
    expect(required).toEqual(expect.arrayContaining(['patient', 'physician', 'visitDate', 'tjc28', 'sjc28', 'esr', 'ghVas', 'biologicDrug']));
    expect(required).not.toContain('isoniazidStart');
  });
});

describe('adverse-event and oncology forms', () => {
  test('serious-event and death groups follow their predicates; hidden values are not submitted', () => {
    const descriptor = loadDescriptorOrThrow(buildDemoDescriptor(RHEUMA_ADVERSE_EVENT, 'hu'));
    const ev = createFormEvaluator(descriptor, { serious: false, causeOfDeath: 'x' });
    expect(ev.isVisible('seriousCriteria')).toBe(false);
    ev.setValue('serious', true);
    expect(ev.isVisible('seriousCriteria')).toBe(true);
    expect(ev.isVisible('causeOfDeath')).toBe(false);
    expect(ev.setValue('seriousCriteria', ['hospitalisation', 'death']).visibility).toEqual(['deathGroup']);
    expect(ev.valuesForSubmit().causeOfDeath).toBe('x');
    ev.setValue('serious', false);
    expect('causeOfDeath' in ev.valuesForSubmit()).toBe(false);
  });

  test('concomitant medications are entries with their own stop-date group', () => {
    const descriptor = loadDescriptorOrThrow(buildDemoDescriptor(RHEUMA_ADVERSE_EVENT, 'en'));
    const ev = createFormEvaluator(descriptor, { concomitantMeds: [{ medName: 'methotrexate', medOngoing: true }] });
    ev.addEntry('concomitantMeds', { medName: 'prednisolone', medOngoing: false, medStart: '2024-02-01', medStop: '2024-01-01' });
    expect(ev.isVisible('concomitantMeds[0].medStop')).toBe(false);
    expect(ev.isVisible('concomitantMeds[1].medStop')).toBe(true);
    const issues = validateForm(ev).filter((i) => i.path.startsWith('concomitantMeds'));
    expect(issues).toEqual([
      { path: 'concomitantMeds[1].medStart', key: 'string.dateRange', context: { first: 'Start', second: 'Stop' }, severity: 'error' },
    ]);
  });

  test('oncology: eligibility, BSA, creatinine clearance and a gene list', () => {
    const descriptor = loadDescriptorOrThrow(buildDemoDescriptor(ONCOLOGY_ENROLMENT, 'en'));
    const yes = Object.fromEntries(['inclAge', 'inclHistology', 'inclStage', 'inclMeasurable', 'inclEcog', 'inclOrgan'].map((id) => [id, 'yes']));
    const no = Object.fromEntries(['exclBrainActive', 'exclAutoimmune', 'exclPriorIo', 'exclPregnancy', 'exclInfection'].map((id) => [id, 'no']));
    const ev = createFormEvaluator(descriptor, {
      ...yes, ...no, birthDate: '1960-03-01', consentDate: '2024-03-01', sex: 'female', height: 165, weight: 60, creatinine: 80,
      molecularTesting: true, geneVariants: [{ gene: 'KRAS', variant: 'p.G12C' }, { gene: 'kras' }],
    });
    expect(ev.getValue('eligible')).toBe(1);
    expect(ev.getValue('bsa')).toBe(1.66);
    expect(ev.getValue('ageAtConsent')).toBe(64);
    // (140 - 64) · 60 · 0.85 / (0.815 · 80) = 59.4
    expect(ev.getValue('creatinineClearance')).toBe(59);
    ev.setValue('exclPriorIo', 'yes');
    expect(ev.getValue('eligible')).toBe(0);
    expect(validateForm(ev).filter((i) => i.path.startsWith('geneVariants')).map((i) => i.key)).toEqual(['form.geneDuplicate']);
  });
});
