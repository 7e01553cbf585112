// Rheumatology biologic-therapy registry: the adverse-event form, with dependent groups for
// serious events, death, infections and malignancies, and a multi-field of concomitant medications.
import { f, type DemoForm } from './build';
import { RHEUMA_OPTIONS, visitHeader } from './rheumaCommon';

export const RHEUMA_ADVERSE_EVENT: DemoForm = {
  formTypeId: 103,
  version: 1,
  displayId: 'RA-AE',
  behaviorType: 'any',
  header: visitHeader(),
  options: {
    ...RHEUMA_OPTIONS,
    ctcae: [
      ['1', '1 – enyhe', '1 – mild'],
      ['2', '2 – közepes', '2 – moderate'],
      ['3', '3 – súlyos', '3 – severe'],
      ['4', '4 – életveszélyes', '4 – life-threatening'],
      ['5', '5 – halálos', '5 – death'],
    ],
    seriousness: [
      ['death', 'Halál', 'Death'],
      ['lifeThreatening', 'Életveszélyes', 'Life-threatening'],
      ['hospitalisation', 'Kórházi felvétel vagy annak meghosszabbodása', 'Hospitalisation or its prolongation'],
      ['disability', 'Maradandó károsodás', 'Persistent disability'],
      ['congenital', 'Veleszületett rendellenesség', 'Congenital anomaly'],
      ['medicallyImportant', 'Egyéb orvosilag jelentős', 'Other medically important'],
    ],
    causality: [
      ['notRelated', 'Nem függ össze', 'Not related'],
      ['unlikely', 'Valószínűtlen', 'Unlikely'],
      ['possible', 'Lehetséges', 'Possible'],
      ['probable', 'Valószínű', 'Probable'],
      ['definite', 'Biztos', 'Definite'],
    ],
    action: [
      ['none', 'Nem történt változtatás', 'No change'],
      ['reduced', 'Dóziscsökkentés', 'Dose reduced'],
      ['interrupted', 'Átmeneti felfüggesztés', 'Interrupted'],
      ['withdrawn', 'Végleges leállítás', 'Withdrawn'],
    ],
    outcome: [
      ['recovered', 'Gyógyult', 'Recovered'],
      ['recoveredWithSequelae', 'Gyógyult maradványtünettel', 'Recovered with sequelae'],
      ['recovering', 'Gyógyulóban', 'Recovering'],
      ['notRecovered', 'Nem gyógyult', 'Not recovered'],
      ['fatal', 'Halálos', 'Fatal'],
    ],
    category: [
      ['infection', 'Fertőzés', 'Infection'],
      ['malignancy', 'Daganat', 'Malignancy'],
      ['cardiovascular', 'Kardiovaszkuláris', 'Cardiovascular'],
      ['cytopenia', 'Cytopenia', 'Cytopenia'],
      ['hepatic', 'Májérintettség', 'Hepatic'],
      ['infusionReaction', 'Infúziós reakció', 'Infusion reaction'],
      ['injectionSite', 'Injekció helyi reakció', 'Injection-site reaction'],
      ['other', 'Egyéb', 'Other'],
    ],
    infectionSite: [
      ['respiratory', 'Légúti', 'Respiratory'],
      ['urinary', 'Húgyúti', 'Urinary tract'],
      ['skin', 'Bőr és lágyrész', 'Skin and soft tissue'],
      ['bone', 'Csont és ízület', 'Bone and joint'],
      ['sepsis', 'Sepsis', 'Sepsis'],
      ['other', 'Egyéb', 'Other'],
    ],
  },
  // What identifies the visit: a half-filled form saves as a draft once this is there (spec §5).
  indispensableFields: ['aeOnsetDate'],
  sections: [
    {
      id: 'eventSection',
      label: ['Esemény', 'Event'],
      fields: [
        f.text('aeTerm', ['Esemény megnevezése', 'Adverse event term'], { mandatory: true, maxLength: 200 }),
        f.text('meddraCode', ['MedDRA kód (PT)', 'MedDRA code (PT)'], { pattern: { regex: '[0-9]{8}' }, help: ['8 számjegy', '8 digits'] }),
        f.single('aeCategory', ['Kategória', 'Category'], 'category', { mandatory: true }),
        f.date('aeOnsetDate', ['Kezdete', 'Onset date'], { mandatory: true, notInFuture: true }),
        f.boolean('aeOngoing', ['Folyamatban van', 'Ongoing'], { mandatory: true }),
        f.group('aeEndGroup', ['Lezajlás', 'Resolution'], 'aeOngoing', 'aeOngoing = false', [
          f.date('aeEndDate', ['Vége', 'End date'], { mandatory: true }),
          f.calculated('aeDurationDays', ['Időtartam', 'Duration'], 'daysBetween(aeOnsetDate, aeEndDate) + 1', ['aeOnsetDate', 'aeEndDate'], { unit: ['nap', 'days'] }),
          f.single('aeOutcome', ['Kimenetel', 'Outcome'], 'outcome', { mandatory: true }),
        ]),
        f.single('ctcaeGrade', ['Súlyossági fokozat (CTCAE v5)', 'Severity grade (CTCAE v5)'], 'ctcae', { mandatory: true, widget: 'radio' }),
        f.longText('aeDescription', ['Leírás', 'Description'], { maxLength: 4000, minLength: 10, severity: 'warning' }),
      ],
    },
    {
      id: 'seriousSection',
      label: ['Súlyosság', 'Seriousness'],
      fields: [
        f.boolean('serious', ['Súlyos nemkívánatos esemény (SAE)', 'Serious adverse event (SAE)'], { mandatory: true }),
        f.group('seriousGroup', ['SAE kritériumok', 'SAE criteria'], 'serious', 'serious = true', [
          f.multiple('seriousCriteria', ['Súlyossági kritériumok', 'Seriousness criteria'], 'seriousness', { atLeastOneFromList: true }),
          f.date('hospitalAdmission', ['Kórházi felvétel', 'Hospital admission'], { earlierThan: 'hospitalDischarge' }),
          f.date('hospitalDischarge', ['Kórházi elbocsátás', 'Hospital discharge']),
          f.group('deathGroup', ['Halál', 'Death'], 'seriousCriteria', "contains(seriousCriteria, 'death')", [
            f.date('deathDate', ['Halál dátuma', 'Date of death'], { mandatory: true }),
            f.text('causeOfDeath', ['Halál oka', 'Cause of death'], { mandatory: true, maxLength: 300 }),
            f.single('autopsy', ['Boncolás történt', 'Autopsy performed'], 'yesNoUnknown'),
          ]),
          f.boolean('reportedToAuthority', ['Hatóságnak jelentve', 'Reported to the authority']),
          f.date('authorityReportDate', ['Jelentés dátuma', 'Date reported'], { requiredWith: ['reportedToAuthority'] }),
        ]),
      ],
    },
    {
      id: 'categorySection',
      label: ['Részletek', 'Details'],
      fields: [
        f.group('infectionGroup', ['Fertőzés', 'Infection'], 'aeCategory', "aeCategory = 'infection'", [
          f.single('infectionSite', ['Lokalizáció', 'Site'], 'infectionSite', { mandatory: true }),
          f.text('pathogen', ['Kórokozó', 'Pathogen'], { maxLength: 200 }),
          f.boolean('opportunistic', ['Opportunista fertőzés', 'Opportunistic infection']),
          f.boolean('tuberculosis', ['Tuberkulózis', 'Tuberculosis']),
          f.boolean('herpesZoster', ['Herpes zoster', 'Herpes zoster']),
        ]),
        f.group('malignancyGroup', ['Daganat', 'Malignancy'], 'aeCategory', "aeCategory = 'malignancy'", [
          f.text('malignancyType', ['Daganat típusa', 'Type of malignancy'], { mandatory: true, maxLength: 200 }),
          f.text('malignancyTnm', ['TNM', 'TNM'], { maxLength: 40 }),
          f.fileUpload('histologyReport', ['Szövettani lelet', 'Histology report'], { accept: ['.pdf'] }),
        ]),
        f.group('labGroup', ['Laborérték az eseménykor', 'Laboratory at the event'], 'aeCategory', "aeCategory = 'cytopenia' or aeCategory = 'hepatic'", [
          f.integer('aeHemoglobin', ['Hemoglobin', 'Haemoglobin'], { min: 30, max: 220, unit: 'g/L' }),
          f.decimal('aeNeutrophils', ['Neutrofil granulocyták', 'Neutrophils'], { min: 0, max: 100, precision: 2, unit: 'G/L' }),
          f.integer('aePlatelets', ['Thrombocytaszám', 'Platelets'], { min: 0, max: 2000, unit: 'G/L' }),
          f.integer('aeAlt', ['GPT (ALAT)', 'ALT'], { min: 0, max: 5000, unit: 'U/L' }),
          f.decimal('aeBilirubin', ['Bilirubin', 'Bilirubin'], { min: 0, max: 1000, precision: 1, unit: 'µmol/L' }),
        ]),
      ],
    },
    {
      id: 'causalitySection',
      label: ['Ok-okozati összefüggés', 'Causality'],
      fields: [
        f.single('suspectDrug', ['Gyanúsított készítmény', 'Suspected drug'], 'biologics', { widget: 'select', mandatory: true }),
        f.single('causality', ['Összefüggés a készítménnyel', 'Relationship to the drug'], 'causality', { mandatory: true }),
        f.single('actionTaken', ['Intézkedés', 'Action taken'], 'action', { mandatory: true }),
        f.group('rechallengeGroup', ['Újraindítás', 'Rechallenge'], 'actionTaken', "actionTaken = 'interrupted'", [
          f.date('restartDate', ['Újraindítás dátuma', 'Restart date']),
          f.single('recurred', ['Az esemény kiújult', 'Event recurred'], 'yesNoUnknown'),
        ]),
      ],
    },
    {
      id: 'medicationSection',
      label: ['Egyidejű gyógyszerek', 'Concomitant medications'],
      fields: [
        f.multiField(
          'concomitantMeds',
          ['Egyidejűleg szedett gyógyszerek', 'Concomitant medications'],
          [
            f.text('medName', ['Hatóanyag', 'Active substance'], { mandatory: true, maxLength: 100 }),
            f.decimal('medDose', ['Dózis', 'Dose'], { min: 0, max: 10000, precision: 2 }),
            f.single('medUnit', ['Egység', 'Unit'], 'doseUnit', { requiredWith: ['medDose'] }),
            f.single('medRoute', ['Adagolás', 'Route'], 'route'),
            f.single('medFrequency', ['Gyakoriság', 'Frequency'], 'frequency'),
            f.date('medStart', ['Kezdete', 'Start'], { earlierThan: 'medStop' }),
            f.boolean('medOngoing', ['Folyamatban', 'Ongoing']),
            f.group('medStopGroup', ['Befejezés', 'Stop'], 'medOngoing', 'medOngoing = false', [f.date('medStop', ['Vége', 'Stop'])]),
          ],
          { maxEntries: 30 },
        ),
      ],
    },
    {
      id: 'reporterSection',
      label: ['Jelentő', 'Reporter'],
      fields: [
        f.text('reporterName', ['Jelentő neve', 'Reporter name'], { mandatory: true, maxLength: 100 }),
        f.text('reporterEmail', ['Jelentő e-mail címe', 'Reporter e-mail'], { format: 'email' }),
        f.date('reportDate', ['Jelentés dátuma', 'Report date'], { mandatory: true, notInFuture: true }),
      ],
    },
  ],
};
