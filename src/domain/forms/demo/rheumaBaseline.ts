// Rheumatology biologic-therapy registry: the attendance-start (baseline) form.
import { f, type DemoForm } from './build';
import { diseaseActivityFields, haqFields, labFields, RHEUMA_OPTIONS, visitHeader } from './rheumaCommon';

export const RHEUMA_BASELINE: DemoForm = {
  formTypeId: 101,
  version: 1,
  displayId: 'RA-BASELINE',
  behaviorType: 'attendance_start',
  header: visitHeader(),
  options: {
    ...RHEUMA_OPTIONS,
    diagnosis: [
      ['ra', 'Rheumatoid arthritis', 'Rheumatoid arthritis'],
      ['psa', 'Arthritis psoriatica', 'Psoriatic arthritis'],
      ['axspa', 'Axiális spondyloarthritis', 'Axial spondyloarthritis'],
    ],
    sex: [
      ['female', 'Nő', 'Female'],
      ['male', 'Férfi', 'Male'],
    ],
    smoking: [
      ['never', 'Soha nem dohányzott', 'Never smoked'],
      ['former', 'Korábban dohányzott', 'Former smoker'],
      ['current', 'Jelenleg dohányzik', 'Current smoker'],
    ],
    comorbidities: [
      ['hypertension', 'Hypertonia', 'Hypertension'],
      ['diabetes', 'Diabetes mellitus', 'Diabetes mellitus'],
      ['ihd', 'Ischaemiás szívbetegség', 'Ischaemic heart disease'],
      ['heartFailure', 'Szívelégtelenség', 'Heart failure'],
      ['copd', 'COPD', 'COPD'],
      ['ild', 'Intersticiális tüdőbetegség', 'Interstitial lung disease'],
      ['osteoporosis', 'Osteoporosis', 'Osteoporosis'],
      ['depression', 'Depresszió', 'Depression'],
      ['ckd', 'Krónikus vesebetegség', 'Chronic kidney disease'],
      ['malignancy', 'Malignus daganat a kórelőzményben', 'History of malignancy'],
    ],
    igra: [
      ['negative', 'Negatív', 'Negative'],
      ['positive', 'Pozitív', 'Positive'],
      ['indeterminate', 'Nem értékelhető', 'Indeterminate'],
      ['notDone', 'Nem történt vizsgálat', 'Not done'],
    ],
    chestXray: [
      ['normal', 'Negatív', 'Normal'],
      ['abnormal', 'Kóros', 'Abnormal'],
      ['notDone', 'Nem készült', 'Not done'],
    ],
    vaccinations: [
      ['influenza', 'Influenza', 'Influenza'],
      ['pneumococcal', 'Pneumococcus', 'Pneumococcal'],
      ['zoster', 'Herpes zoster', 'Herpes zoster'],
      ['covid19', 'COVID-19', 'COVID-19'],
      ['hepatitisB', 'Hepatitis B', 'Hepatitis B'],
    ],
    csDmards: [
      ['mtx', 'Methotrexat', 'Methotrexate'],
      ['lef', 'Leflunomid', 'Leflunomide'],
      ['ssz', 'Sulfasalazin', 'Sulfasalazine'],
      ['hcq', 'Hydroxychloroquin', 'Hydroxychloroquine'],
    ],
    stopReason: [
      ['ineffective', 'Hatástalanság', 'Inefficacy'],
      ['adverse', 'Mellékhatás', 'Adverse event'],
      ['ongoing', 'Jelenleg is szedi', 'Ongoing'],
    ],
  },
  // What identifies the visit: a half-filled form saves as a draft once this is there (spec §5).
  indispensableFields: ['visitDate'],
  personalDataFields: ['birthDate'],
  sections: [
    {
      id: 'diagnosisSection',
      label: ['Diagnózis', 'Diagnosis'],
      fields: [
        f.date('visitDate', ['Vizit dátuma', 'Visit date'], { mandatory: true, notInFuture: true }),
        f.single('diagnosis', ['Diagnózis', 'Diagnosis'], 'diagnosis', { mandatory: true, widget: 'radio' }),
        f.date('symptomOnsetDate', ['Első tünetek kezdete', 'Symptom onset'], { earlierThan: 'diagnosisDate' }),
        f.date('diagnosisDate', ['Diagnózis dátuma', 'Date of diagnosis'], { mandatory: true, earlierThan: 'visitDate' }),
        f.calculated('diseaseDuration', ['Betegségtartam', 'Disease duration'], 'yearsBetween(diagnosisDate, visitDate)', ['diagnosisDate', 'visitDate'], { unit: 'év / years' }),
        f.single('rfStatus', ['Rheumatoid faktor', 'Rheumatoid factor'], 'posNeg'),
        f.group('rfGroup', ['RF érték', 'RF value'], 'rfStatus', "rfStatus = 'positive'", [
          f.decimal('rfValue', ['RF titer', 'RF titre'], { min: 0, max: 5000, unit: 'IU/mL' }),
        ]),
        f.single('acpaStatus', ['Anti-CCP (ACPA)', 'Anti-CCP (ACPA)'], 'posNeg'),
        f.group('acpaGroup', ['ACPA érték', 'ACPA value'], 'acpaStatus', "acpaStatus = 'positive'", [
          f.decimal('acpaValue', ['Anti-CCP titer', 'Anti-CCP titre'], { min: 0, max: 5000, unit: 'U/mL' }),
        ]),
        f.single('erosive', ['Erozív betegség (RTG)', 'Erosive disease (X-ray)'], 'yesNoUnknown'),
        f.boolean('extraArticular', ['Extraartikuláris manifesztáció', 'Extra-articular manifestation']),
      ],
    },
    {
      id: 'demographicsSection',
      label: ['Demográfia és fizikális vizsgálat', 'Demographics and examination'],
      fields: [
        f.date('birthDate', ['Születési dátum', 'Date of birth'], { mandatory: true, earlierThan: 'visitDate' }),
        f.calculated('ageAtVisit', ['Életkor a vizitkor', 'Age at visit'], 'yearsBetween(birthDate, visitDate)', ['birthDate', 'visitDate'], { softMin: 18 }),
        f.single('sex', ['Nem', 'Sex'], 'sex', { mandatory: true, widget: 'radio' }),
        f.integer('height', ['Testmagasság', 'Height'], { min: 100, max: 230, unit: 'cm' }),
        f.decimal('weight', ['Testtömeg', 'Weight'], { min: 25, max: 250, precision: 1, unit: 'kg' }),
        f.calculated('bmi', ['Testtömegindex', 'Body-mass index'], 'round(weight / (height/100)^2, 1)', ['weight', 'height'], { unit: 'kg/m²', softMin: 15, softMax: 45 }),
        f.single('smoking', ['Dohányzás', 'Smoking'], 'smoking'),
        f.group('smokingGroup', ['Dohányzási anamnézis', 'Smoking history'], 'smoking', "smoking = 'former' or smoking = 'current'", [
          f.decimal('packYears', ['Csomagév', 'Pack-years'], { min: 0, max: 200, precision: 1 }),
        ]),
        f.integer('systolicBp', ['Szisztolés vérnyomás', 'Systolic blood pressure'], { min: 60, max: 260, unit: 'mmHg', softMax: 180 }),
        f.integer('diastolicBp', ['Diasztolés vérnyomás', 'Diastolic blood pressure'], { min: 30, max: 160, unit: 'mmHg', softMax: 110 }),
      ],
    },
    { id: 'activitySection', label: ['Betegségaktivitás', 'Disease activity'], fields: diseaseActivityFields() },
    { id: 'haqSection', label: ['Funkcionális állapot (HAQ)', 'Functional status (HAQ)'], fields: haqFields() },
    {
      id: 'comorbiditySection',
      label: ['Társbetegségek és szűrés', 'Comorbidities and screening'],
      fields: [
        f.multiple('comorbidities', ['Társbetegségek', 'Comorbidities'], 'comorbidities'),
        f.group('malignancyGroup', ['Malignus daganat', 'Malignancy'], 'comorbidities', "contains(comorbidities, 'malignancy')", [
          f.text('malignancyType', ['Daganat típusa', 'Type of malignancy'], { mandatory: true, maxLength: 200 }),
          f.integer('malignancyYear', ['Diagnózis éve', 'Year of diagnosis'], { min: 1940, max: 2100 }),
        ]),
        f.single('igraResult', ['IGRA (Quantiferon) teszt', 'IGRA (QuantiFERON) test'], 'igra', { mandatory: true }),
        f.single('chestXray', ['Mellkasröntgen', 'Chest X-ray'], 'chestXray'),
        f.group('latentTbGroup', ['Látens tuberkulózis kezelése', 'Latent tuberculosis treatment'], 'igraResult', "igraResult = 'positive'", [
          f.date('isoniazidStart', ['Izoniazid kezelés kezdete', 'Isoniazid start'], { mandatory: true }),
        ]),
        f.single('hbsAg', ['HBsAg', 'HBsAg'], 'posNeg'),
        f.single('antiHbc', ['Anti-HBc', 'Anti-HBc'], 'posNeg'),
        f.single('antiHcv', ['Anti-HCV', 'Anti-HCV'], 'posNeg'),
        f.multiple('vaccinations', ['Védőoltások', 'Vaccinations'], 'vaccinations'),
      ],
    },
    {
      id: 'priorTherapySection',
      label: ['Korábbi kezelések', 'Prior therapy'],
      fields: [
        f.multiple('priorCsDmards', ['Korábbi hagyományos DMARD-ok', 'Prior conventional DMARDs'], 'csDmards', { atLeastOneFromList: true }),
        f.group('mtxGroup', ['Methotrexat kezelés', 'Methotrexate therapy'], 'priorCsDmards', "contains(priorCsDmards, 'mtx')", [
          f.decimal('mtxMaxDose', ['Maximális MTX dózis', 'Maximum MTX dose'], { min: 2.5, max: 30, precision: 1, unit: 'mg/week' }),
          f.single('mtxRoute', ['MTX adagolás módja', 'MTX route'], 'route'),
          f.single('mtxStopReason', ['MTX elhagyásának oka', 'Reason for stopping MTX'], 'stopReason'),
        ]),
        f.integer('priorBiologicCount', ['Korábbi biológiai terápiák száma', 'Number of prior biologics'], { min: 0, max: 20 }),
        f.boolean('glucocorticoid', ['Glükokortikoid kezelés', 'Glucocorticoid therapy']),
        f.group('gcGroup', ['Glükokortikoid', 'Glucocorticoid'], 'glucocorticoid', 'glucocorticoid = true', [
          f.decimal('gcDose', ['Napi dózis (prednisolon ekvivalens)', 'Daily dose (prednisolone equivalent)'], { min: 0, max: 100, precision: 1, unit: 'mg/day', mandatory: true, softMax: 10 }),
        ]),
      ],
    },
    {
      id: 'biologicSection',
      label: ['Biológiai terápia indítása', 'Biologic therapy start'],
      fields: [
        f.single('biologicDrug', ['Készítmény', 'Drug'], 'biologics', { mandatory: true, widget: 'select' }),
        f.date('biologicStartDate', ['Kezelés kezdete', 'Start date'], { mandatory: true }),
        f.decimal('biologicDose', ['Dózis', 'Dose'], { min: 0, max: 2000, precision: 2, mandatory: true }),
        f.single('biologicDoseUnit', ['Dózis egysége', 'Dose unit'], 'doseUnit', { requiredWith: ['biologicDose'] }),
        f.single('biologicRoute', ['Adagolás módja', 'Route'], 'route', { mandatory: true }),
        f.single('biologicFrequency', ['Adagolás gyakorisága', 'Frequency'], 'frequency', { mandatory: true }),
        f.boolean('concomitantMtx', ['Együtt adott methotrexat', 'Concomitant methotrexate']),
        f.group('concomitantMtxGroup', ['Együtt adott MTX', 'Concomitant MTX'], 'concomitantMtx', 'concomitantMtx = true', [
          f.decimal('concomitantMtxDose', ['MTX heti dózis', 'MTX weekly dose'], { min: 2.5, max: 30, precision: 1, unit: 'mg/week', mandatory: true }),
        ]),
      ],
    },
    { id: 'labSection', label: ['Laborértékek', 'Laboratory'], fields: labFields() },
    {
      id: 'consentSection',
      label: ['Beleegyezés', 'Consent'],
      fields: [
        f.info('consentInfo', ['Tájékoztatás', 'Information'], [
          'A beteg a regiszterbe való bevonás előtt írásos beleegyezést ad.',
          'The patient gives written consent before inclusion in the registry.',
        ]),
        f.boolean('consentSigned', ['Beleegyező nyilatkozat aláírva', 'Consent form signed'], { mandatory: true }),
        f.date('consentDate', ['Beleegyezés dátuma', 'Date of consent'], { mandatory: true, earlierThan: 'biologicStartDate' }),
        f.fileUpload('consentDocument', ['Aláírt nyilatkozat', 'Signed consent form'], { accept: ['.pdf', 'application/pdf'], maxSizeBytes: 10485760 }),
        f.longText('comments', ['Megjegyzés', 'Comments'], { maxLength: 2000 }),
      ],
    },
  ],
};
