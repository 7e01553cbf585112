// Parts shared by the rheumatology biologic-therapy registry forms: the header, option lists,
// and the disease-activity block (joint counts, ESR, CRP, VAS scores and the composite scores).
import { f, type DemoField, type DemoForm } from './build';

export function visitHeader(): DemoField[] {
  return [
    f.text('patient', ['Beteg', 'Patient'], { role: 'patient' }),
    f.text('physician', ['Kezelőorvos', 'Physician'], { role: 'physician' }),
    f.datetime('visitStart', ['Vizit kezdete', 'Visit start'], { role: 'startDatetime', mandatory: true, earlierThan: 'visitEnd' }),
    f.datetime('visitEnd', ['Vizit vége', 'Visit end'], { role: 'endDatetime' }),
  ];
}

export const BIOLOGICS = [
  ['adalimumab', 'adalimumab', 'adalimumab'],
  ['certolizumab', 'certolizumab pegol', 'certolizumab pegol'],
  ['etanercept', 'etanercept', 'etanercept'],
  ['golimumab', 'golimumab', 'golimumab'],
  ['infliximab', 'infliximab', 'infliximab'],
  ['tocilizumab', 'tocilizumab', 'tocilizumab'],
  ['sarilumab', 'sarilumab', 'sarilumab'],
  ['abatacept', 'abatacept', 'abatacept'],
  ['rituximab', 'rituximab', 'rituximab'],
  ['baricitinib', 'baricitinib', 'baricitinib'],
  ['tofacitinib', 'tofacitinib', 'tofacitinib'],
  ['upadacitinib', 'upadacitinib', 'upadacitinib'],
  ['filgotinib', 'filgotinib', 'filgotinib'],
] as const;

export const RHEUMA_OPTIONS: DemoForm['options'] = {
  yesNoUnknown: [
    ['yes', 'Igen', 'Yes'],
    ['no', 'Nem', 'No'],
    ['unknown', 'Nem ismert', 'Unknown'],
  ],
  posNeg: [
    ['positive', 'Pozitív', 'Positive'],
    ['negative', 'Negatív', 'Negative'],
    ['notDone', 'Nem történt vizsgálat', 'Not done'],
  ],
  biologics: BIOLOGICS,
  haqScale: [
    ['0', 'Nehézség nélkül', 'Without any difficulty'],
    ['1', 'Kis nehézséggel', 'With some difficulty'],
    ['2', 'Nagy nehézséggel', 'With much difficulty'],
    ['3', 'Képtelen rá', 'Unable to do'],
  ],
  route: [
    ['sc', 'Subcutan', 'Subcutaneous'],
    ['iv', 'Intravénás', 'Intravenous'],
    ['oral', 'Szájon át', 'Oral'],
  ],
  frequency: [
    ['daily', 'Naponta', 'Daily'],
    ['twiceDaily', 'Naponta kétszer', 'Twice daily'],
    ['weekly', 'Hetente', 'Weekly'],
    ['every2Weeks', 'Kéthetente', 'Every 2 weeks'],
    ['every4Weeks', 'Négyhetente', 'Every 4 weeks'],
    ['every8Weeks', 'Nyolchetente', 'Every 8 weeks'],
    ['every6Months', 'Félévente', 'Every 6 months'],
  ],
  doseUnit: [
    ['mg', 'mg', 'mg'],
    ['mgPerKg', 'mg/ttkg', 'mg/kg'],
    ['g', 'g', 'g'],
    ['ml', 'ml', 'mL'],
    ['iu', 'NE', 'IU'],
  ],
};

/** Joint counts, ESR, CRP, VAS scores and DAS28-ESR, DAS28-CRP, CDAI, SDAI (0.56·√TJC28 + ...). */
export function diseaseActivityFields(): DemoField[] {
  const joints = { min: 0, max: 28, mandatory: true };
  const vas = { min: 0, max: 100, unit: 'mm' };
  return [
    f.integer('tjc28', ['Nyomásérzékeny ízületek száma (28)', 'Tender joint count (28)'], joints),
    f.integer('sjc28', ['Duzzadt ízületek száma (28)', 'Swollen joint count (28)'], joints),
    f.integer('esr', ['We (süllyedés)', 'ESR'], { min: 1, max: 150, unit: 'mm/h', mandatory: true }),
    f.decimal('crp', ['CRP', 'CRP'], { min: 0, max: 300, precision: 1, unit: 'mg/L', softMax: 100 }),
    f.integer('ghVas', ['Beteg globális értékelése (VAS)', 'Patient global health (VAS)'], { ...vas, mandatory: true }),
    f.integer('physicianVas', ['Orvos globális értékelése (VAS)', 'Physician global assessment (VAS)'], vas),
    f.integer('painVas', ['Fájdalom (VAS)', 'Pain (VAS)'], vas),
    f.integer('morningStiffness', ['Reggeli ízületi merevség', 'Morning stiffness'], { min: 0, max: 1440, unit: ['perc', 'min'] }),
    f.calculated(
      'das28esr',
      ['DAS28-We', 'DAS28-ESR'],
      'round(0.56*sqrt(tjc28) + 0.28*sqrt(sjc28) + 0.70*ln(esr) + 0.014*ghVas, 2)',
      ['tjc28', 'sjc28', 'esr', 'ghVas'],
      { help: ['0,56·√TJC28 + 0,28·√SJC28 + 0,70·ln(We) + 0,014·GH', '0.56·√TJC28 + 0.28·√SJC28 + 0.70·ln(ESR) + 0.014·GH'] },
    ),
    f.calculated(
      'das28crp',
      ['DAS28-CRP', 'DAS28-CRP'],
      'round(0.56*sqrt(tjc28) + 0.28*sqrt(sjc28) + 0.36*ln(crp + 1) + 0.014*ghVas + 0.96, 2)',
      ['tjc28', 'sjc28', 'crp', 'ghVas'],
    ),
    f.calculated('cdai', ['CDAI', 'CDAI'], 'round(tjc28 + sjc28 + ghVas/10 + physicianVas/10, 1)', ['tjc28', 'sjc28', 'ghVas', 'physicianVas']),
    // SDAI adds CRP in mg/dL; the form records mg/L.
    f.calculated('sdai', ['SDAI', 'SDAI'], 'round(cdai + crp/10, 1)', ['cdai', 'crp']),
  ];
}

/** The eight HAQ categories (0-3 each) and HAQ-DI as their mean. */
export function haqFields(): DemoField[] {
  const categories = [
    ['haqDressing', 'Öltözködés, tisztálkodás', 'Dressing and grooming'],
    ['haqArising', 'Felállás', 'Arising'],
    ['haqEating', 'Étkezés', 'Eating'],
    ['haqWalking', 'Járás', 'Walking'],
    ['haqHygiene', 'Személyes higiéné', 'Hygiene'],
    ['haqReach', 'Nyúlás', 'Reach'],
    ['haqGrip', 'Fogás', 'Grip'],
    ['haqActivities', 'Tevékenységek', 'Activities'],
  ] as const;
  const ids = categories.map(([id]) => id);
  return [
    ...categories.map(([id, hu, en]) => f.single(id, [hu, en], 'haqScale', { widget: 'radio' })),
    f.calculated('haqDi', ['HAQ-DI', 'HAQ-DI'], `round((${ids.join(' + ')}) / 8, 3)`, ids, { softMax: 3 }),
  ];
}

export function labFields(prefix = ''): DemoField[] {
  const id = (name: string): string => (prefix ? `${prefix}${name[0].toUpperCase()}${name.slice(1)}` : name);
  return [
    f.integer(id('hemoglobin'), ['Hemoglobin', 'Haemoglobin'], { min: 30, max: 220, unit: 'g/L', softMin: 100, softMax: 180 }),
    f.decimal(id('wbc'), ['Fehérvérsejtszám', 'White blood cells'], { min: 0, max: 100, precision: 1, unit: 'G/L', softMin: 3.5, softMax: 11 }),
    f.integer(id('platelets'), ['Thrombocytaszám', 'Platelets'], { min: 0, max: 2000, unit: 'G/L', softMin: 150, softMax: 450 }),
    f.integer(id('alt'), ['GPT (ALAT)', 'ALT'], { min: 0, max: 5000, unit: 'U/L', softMax: 120 }),
    f.integer(id('ast'), ['GOT (ASAT)', 'AST'], { min: 0, max: 5000, unit: 'U/L', softMax: 120 }),
    f.integer(id('creatinine'), ['Kreatinin', 'Creatinine'], { min: 10, max: 2000, unit: 'µmol/L', softMax: 130 }),
  ];
}
