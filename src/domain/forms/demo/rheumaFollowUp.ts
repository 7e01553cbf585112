// Rheumatology biologic-therapy registry: the follow-up visit.
import { f, type DemoForm } from './build';
import { BIOLOGICS, diseaseActivityFields, haqFields, labFields, RHEUMA_OPTIONS, visitHeader } from './rheumaCommon';

export const RHEUMA_FOLLOW_UP: DemoForm = {
  formTypeId: 102,
  version: 1,
  displayId: 'RA-FOLLOWUP',
  behaviorType: 'any',
  header: visitHeader(),
  options: {
    ...RHEUMA_OPTIONS,
    discontinuation: [
      ['inefficacy', 'Hatástalanság', 'Inefficacy'],
      ['adverseEvent', 'Mellékhatás', 'Adverse event'],
      ['remission', 'Tartós remisszió', 'Sustained remission'],
      ['patientWish', 'Beteg kérése', "Patient's wish"],
      ['pregnancy', 'Terhesség', 'Pregnancy'],
      ['lostToFollowUp', 'Követés megszakadt', 'Lost to follow-up'],
      ['other', 'Egyéb', 'Other'],
    ],
    switchTo: [...BIOLOGICS, ['none', 'Nem vált', 'No switch']],
    infectionSite: [
      ['respiratory', 'Légúti', 'Respiratory'],
      ['urinary', 'Húgyúti', 'Urinary tract'],
      ['skin', 'Bőr és lágyrész', 'Skin and soft tissue'],
      ['joint', 'Ízületi', 'Joint'],
      ['other', 'Egyéb', 'Other'],
    ],
  },
  // What identifies the visit: a half-filled form saves as a draft once this is there (spec §5).
  indispensableFields: ['visitDate'],
  sections: [
    {
      id: 'visitSection',
      label: ['Vizit és terápia', 'Visit and therapy'],
      fields: [
        f.date('visitDate', ['Vizit dátuma', 'Visit date'], { mandatory: true, notInFuture: true }),
        f.date('therapyStartDate', ['A biológiai terápia kezdete', 'Biologic therapy start'], { mandatory: true, earlierThan: 'visitDate' }),
        f.calculated('weeksOnTherapy', ['Kezelés óta eltelt hetek', 'Weeks on therapy'], 'round(daysBetween(therapyStartDate, visitDate) / 7, 0)', ['therapyStartDate', 'visitDate']),
        f.single('currentBiologic', ['Jelenlegi készítmény', 'Current drug'], 'biologics', { widget: 'select', mandatory: true }),
        f.boolean('therapyOngoing', ['A kezelés folytatódik', 'Therapy ongoing'], { mandatory: true }),
        f.group('stopGroup', ['Kezelés leállítása', 'Discontinuation'], 'therapyOngoing', 'therapyOngoing = false', [
          f.date('stopDate', ['Leállítás dátuma', 'Date stopped'], { mandatory: true, earlierThan: 'visitDate' }),
          f.single('stopReason', ['Leállítás oka', 'Reason'], 'discontinuation', { mandatory: true }),
          f.group('stopOtherGroup', ['Egyéb ok', 'Other reason'], 'stopReason', "stopReason = 'other'", [
            f.text('stopReasonOther', ['Egyéb ok leírása', 'Other reason, specify'], { mandatory: true, maxLength: 200 }),
          ]),
          f.single('switchedTo', ['Váltás erre', 'Switched to'], 'switchTo', { widget: 'select' }),
        ]),
        f.boolean('doseChanged', ['Dózismódosítás az előző vizit óta', 'Dose changed since last visit']),
        f.group('doseGroup', ['Új adagolás', 'New dosing'], 'doseChanged', 'doseChanged = true', [
          f.decimal('newDose', ['Új dózis', 'New dose'], { min: 0, max: 2000, precision: 2, mandatory: true }),
          f.single('newDoseUnit', ['Dózis egysége', 'Dose unit'], 'doseUnit', { mandatory: true }),
          f.single('newFrequency', ['Új gyakoriság', 'New frequency'], 'frequency', { mandatory: true }),
        ]),
      ],
    },
    {
      id: 'activitySection',
      label: ['Betegségaktivitás', 'Disease activity'],
      fields: [
        ...diseaseActivityFields(),
        f.decimal('baselineDas28', ['Kiindulási DAS28-We', 'Baseline DAS28-ESR'], { min: 0, max: 10, precision: 2 }),
        f.calculated('das28Change', ['DAS28 változás a kiindulástól', 'DAS28 change from baseline'], 'round(das28esr - baselineDas28, 2)', ['das28esr', 'baselineDas28']),
      ],
    },
    { id: 'haqSection', label: ['Funkcionális állapot (HAQ)', 'Functional status (HAQ)'], fields: haqFields() },
    {
      id: 'concomitantSection',
      label: ['Társkezelések', 'Concomitant therapy'],
      fields: [
        f.decimal('mtxDose', ['Methotrexat heti dózis', 'Methotrexate weekly dose'], { min: 0, max: 30, precision: 1, unit: 'mg/week' }),
        f.decimal('gcDose', ['Glükokortikoid napi dózis', 'Glucocorticoid daily dose'], { min: 0, max: 100, precision: 1, unit: 'mg/day', softMax: 10 }),
        f.boolean('nsaid', ['NSAID szedése', 'NSAID use']),
      ],
    },
    {
      id: 'safetySection',
      label: ['Biztonságosság', 'Safety'],
      fields: [
        f.boolean('adverseEventsSinceLast', ['Mellékhatás az előző vizit óta', 'Adverse events since last visit'], { mandatory: true }),
        f.group('aeCountGroup', ['Mellékhatások', 'Adverse events'], 'adverseEventsSinceLast', 'adverseEventsSinceLast = true', [
          f.integer('adverseEventCount', ['Mellékhatások száma', 'Number of adverse events'], { min: 1, max: 50, mandatory: true }),
          f.info('aeFormHint', ['Teendő', 'Next step'], ['Minden eseményről töltsön ki mellékhatás-lapot.', 'Fill in an adverse-event form for each event.']),
        ]),
        f.boolean('seriousInfection', ['Súlyos fertőzés', 'Serious infection']),
        f.group('infectionGroup', ['Fertőzés', 'Infection'], 'seriousInfection', 'seriousInfection = true', [
          f.single('infectionSite', ['Lokalizáció', 'Site'], 'infectionSite', { mandatory: true }),
          f.boolean('hospitalised', ['Kórházi felvétel', 'Hospitalised']),
        ]),
        f.boolean('pregnancy', ['Terhesség', 'Pregnancy']),
      ],
    },
    {
      id: 'examSection',
      label: ['Vizsgálat és labor', 'Examination and laboratory'],
      fields: [
        f.decimal('weight', ['Testtömeg', 'Weight'], { min: 25, max: 250, precision: 1, unit: 'kg' }),
        f.integer('systolicBp', ['Szisztolés vérnyomás', 'Systolic blood pressure'], { min: 60, max: 260, unit: 'mmHg', softMax: 180 }),
        f.integer('diastolicBp', ['Diasztolés vérnyomás', 'Diastolic blood pressure'], { min: 30, max: 160, unit: 'mmHg', softMax: 110 }),
        ...labFields(),
        f.longText('comments', ['Megjegyzés', 'Comments'], { maxLength: 2000 }),
      ],
    },
  ],
};
