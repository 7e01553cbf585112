// Oncology trial (advanced NSCLC, randomised): the enrolment form with eligibility, TNM staging,
// stratification factors and a genetics section holding a gene list.
import { f, type DemoForm } from './build';

const yesNo: readonly (readonly [string, string, string])[] = [
  ['yes', 'Igen', 'Yes'],
  ['no', 'Nem', 'No'],
];

const inclusion = [
  ['inclAge', '18 éves vagy idősebb', 'Aged 18 years or older'],
  ['inclHistology', 'Szövettanilag igazolt NSCLC', 'Histologically confirmed NSCLC'],
  ['inclStage', 'IIIB–IV stádium, kuratív kezelésre nem alkalmas', 'Stage IIIB–IV, not amenable to curative treatment'],
  ['inclMeasurable', 'RECIST 1.1 szerint mérhető betegség', 'Measurable disease per RECIST 1.1'],
  ['inclEcog', 'ECOG 0–1', 'ECOG 0–1'],
  ['inclOrgan', 'Megfelelő szervműködés', 'Adequate organ function'],
] as const;

const exclusion = [
  ['exclBrainActive', 'Aktív, kezeletlen agyi áttét', 'Active untreated brain metastases'],
  ['exclAutoimmune', 'Aktív autoimmun betegség', 'Active autoimmune disease'],
  ['exclPriorIo', 'Korábbi immunterápia', 'Prior immunotherapy'],
  ['exclPregnancy', 'Terhesség vagy szoptatás', 'Pregnancy or breastfeeding'],
  ['exclInfection', 'Aktív HIV-, HBV- vagy HCV-fertőzés', 'Active HIV, HBV or HCV infection'],
] as const;

const mutationStatus: readonly (readonly [string, string, string])[] = [
  ['wildType', 'Vad típus / negatív', 'Wild type / negative'],
  ['mutated', 'Mutáns / pozitív', 'Mutated / positive'],
  ['notTested', 'Nem vizsgált', 'Not tested'],
];

export const ONCOLOGY_ENROLMENT: DemoForm = {
  formTypeId: 201,
  version: 1,
  displayId: 'NSCLC-ENROL',
  behaviorType: 'attendance_start',
  header: [
    f.text('patient', ['Beteg', 'Patient'], { role: 'patient' }),
    f.text('physician', ['Vizsgáló', 'Investigator'], { role: 'physician' }),
    f.datetime('visitStart', ['Beválasztás időpontja', 'Enrolment time'], { role: 'startDatetime', mandatory: true }),
    f.text('screeningNumber', ['Szűrési azonosító', 'Screening number'], { role: 'other', mandatory: true, pattern: { regex: 'S[0-9]{3}-[0-9]{4}' }, help: ['Pl. S012-0034', 'E.g. S012-0034'] }),
  ],
  options: {
    yesNo,
    sex: [
      ['female', 'Nő', 'Female'],
      ['male', 'Férfi', 'Male'],
    ],
    histology: [
      ['adenocarcinoma', 'Adenocarcinoma', 'Adenocarcinoma'],
      ['squamous', 'Laphámrák', 'Squamous cell carcinoma'],
      ['largeCell', 'Nagysejtes carcinoma', 'Large cell carcinoma'],
      ['nos', 'NSCLC, közelebbről nem meghatározott', 'NSCLC, not otherwise specified'],
    ],
    tStage: ['Tx', 'T0', 'Tis', 'T1a', 'T1b', 'T1c', 'T2a', 'T2b', 'T3', 'T4'].map((t) => [t, t, t] as const),
    nStage: ['Nx', 'N0', 'N1', 'N2', 'N3'].map((n) => [n, n, n] as const),
    mStage: ['M0', 'M1a', 'M1b', 'M1c'].map((m) => [m, m, m] as const),
    stageGroup: ['IIIB', 'IIIC', 'IVA', 'IVB'].map((s) => [s, s, s] as const),
    metastaticSites: [
      ['brain', 'Agy', 'Brain'],
      ['liver', 'Máj', 'Liver'],
      ['bone', 'Csont', 'Bone'],
      ['adrenal', 'Mellékvese', 'Adrenal'],
      ['contralateralLung', 'Ellenoldali tüdő', 'Contralateral lung'],
      ['pleura', 'Pleura', 'Pleura'],
      ['lymphNodes', 'Távoli nyirokcsomók', 'Distant lymph nodes'],
    ],
    ecog: [
      ['0', '0 – teljesen aktív', '0 – fully active'],
      ['1', '1 – könnyű munkára képes', '1 – restricted in strenuous activity'],
      ['2', '2 – önellátó, munkaképtelen', '2 – ambulatory, unable to work'],
      ['3', '3 – korlátozottan önellátó', '3 – limited self-care'],
      ['4', '4 – teljesen ellátásra szorul', '4 – completely disabled'],
    ],
    pdl1Category: [
      ['lt1', '< 1%', '< 1%'],
      ['1to49', '1–49%', '1–49%'],
      ['ge50', '≥ 50%', '≥ 50%'],
    ],
    histologyStratum: [
      ['squamous', 'Laphám', 'Squamous'],
      ['nonSquamous', 'Nem laphám', 'Non-squamous'],
    ],
    region: [
      ['europe', 'Európa', 'Europe'],
      ['northAmerica', 'Észak-Amerika', 'North America'],
      ['asia', 'Ázsia', 'Asia'],
      ['restOfWorld', 'Egyéb', 'Rest of world'],
    ],
    testMethod: [
      ['ngs', 'Új generációs szekvenálás (NGS)', 'Next-generation sequencing (NGS)'],
      ['pcr', 'PCR', 'PCR'],
      ['ihc', 'Immunhisztokémia', 'Immunohistochemistry'],
      ['fish', 'FISH', 'FISH'],
    ],
    sampleType: [
      ['tissue', 'Szövet', 'Tissue'],
      ['plasma', 'Plazma (liquid biopsy)', 'Plasma (liquid biopsy)'],
    ],
    mutationStatus,
    msi: [
      ['mss', 'MSS', 'MSS'],
      ['msiHigh', 'MSI-H', 'MSI-H'],
      ['notTested', 'Nem vizsgált', 'Not tested'],
    ],
    acmg: [
      ['pathogenic', 'Patogén', 'Pathogenic'],
      ['likelyPathogenic', 'Valószínűleg patogén', 'Likely pathogenic'],
      ['vus', 'Bizonytalan jelentőségű', 'Uncertain significance'],
      ['likelyBenign', 'Valószínűleg benignus', 'Likely benign'],
      ['benign', 'Benignus', 'Benign'],
    ],
  },
  // What identifies the visit: a half-filled form saves as a draft once this is there (spec §5).
  indispensableFields: ['screeningNumber'],
  personalDataFields: ['birthDate'],
  sections: [
    {
      id: 'eligibilitySection',
      label: ['Beválasztási feltételek', 'Eligibility'],
      fields: [
        f.date('consentDate', ['Beleegyező nyilatkozat dátuma', 'Informed consent date'], { mandatory: true, notInFuture: true }),
        ...inclusion.map(([id, hu, en]) => f.single(id, [hu, en], 'yesNo', { mandatory: true, widget: 'radio' })),
        ...exclusion.map(([id, hu, en]) => f.single(id, [hu, en], 'yesNo', { mandatory: true, widget: 'radio' })),
        f.calculated(
          'eligible',
          ['Beválasztható (1 = igen)', 'Eligible (1 = yes)'],
          `if(${inclusion.map(([id]) => `${id} = 'yes'`).join(' and ')} and ${exclusion.map(([id]) => `${id} = 'no'`).join(' and ')}, 1, 0)`,
          [...inclusion.map(([id]) => id), ...exclusion.map(([id]) => id)],
          { softMin: 1 },
        ),
      ],
    },
    {
      id: 'demographicsSection',
      label: ['Demográfia', 'Demographics'],
      fields: [
        f.date('birthDate', ['Születési dátum', 'Date of birth'], { mandatory: true, earlierThan: 'consentDate' }),
        f.calculated('ageAtConsent', ['Életkor a beleegyezéskor', 'Age at consent'], 'yearsBetween(birthDate, consentDate)', ['birthDate', 'consentDate'], { softMin: 18 }),
        f.single('sex', ['Nem', 'Sex'], 'sex', { mandatory: true, widget: 'radio' }),
        f.integer('height', ['Testmagasság', 'Height'], { min: 100, max: 230, unit: 'cm', mandatory: true }),
        f.decimal('weight', ['Testtömeg', 'Weight'], { min: 25, max: 250, precision: 1, unit: 'kg', mandatory: true }),
        f.calculated('bsa', ['Testfelszín (Mosteller)', 'Body surface area (Mosteller)'], 'round(sqrt(height * weight / 3600), 2)', ['height', 'weight'], { unit: 'm²' }),
        f.single('smokingHistory', ['Dohányzott valaha', 'Ever smoked'], 'yesNo'),
        f.decimal('packYears', ['Csomagév', 'Pack-years'], { min: 0, max: 200, precision: 1, requiredWith: ['smokingHistory'] }),
      ],
    },
    {
      id: 'diseaseSection',
      label: ['Betegség és stádium', 'Disease and stage'],
      fields: [
        f.date('diagnosisDate', ['Diagnózis dátuma', 'Date of diagnosis'], { mandatory: true, earlierThan: 'consentDate' }),
        f.single('histology', ['Szövettan', 'Histology'], 'histology', { mandatory: true }),
        f.single('tStage', ['T', 'T'], 'tStage', { mandatory: true, widget: 'select' }),
        f.single('nStage', ['N', 'N'], 'nStage', { mandatory: true, widget: 'select' }),
        f.single('mStage', ['M', 'M'], 'mStage', { mandatory: true, widget: 'select' }),
        f.single('stageGroup', ['Stádium (AJCC 8)', 'Stage group (AJCC 8)'], 'stageGroup', { mandatory: true }),
        f.multiple('metastaticSites', ['Áttétek helye', 'Metastatic sites'], 'metastaticSites'),
        f.group('brainGroup', ['Agyi áttét', 'Brain metastases'], 'metastaticSites', "contains(metastaticSites, 'brain')", [
          f.single('brainTreated', ['Kezelt és stabil', 'Treated and stable'], 'yesNo', { mandatory: true }),
          f.integer('brainLesions', ['Léziók száma', 'Number of lesions'], { min: 1, max: 50 }),
        ]),
        f.single('ecog', ['ECOG teljesítménystátusz', 'ECOG performance status'], 'ecog', { mandatory: true, widget: 'radio' }),
        f.integer('sumOfDiameters', ['Céllaesiók átmérőösszege', 'Sum of target-lesion diameters'], { min: 10, max: 1000, unit: 'mm' }),
      ],
    },
    {
      id: 'stratificationSection',
      label: ['Rétegzés', 'Stratification'],
      fields: [
        f.info('stratInfo', ['Rétegzés', 'Stratification'], ['A randomizáció ezek szerint rétegez.', 'Randomisation is stratified by these factors.']),
        f.single('stratEcog', ['ECOG (rétegzés)', 'ECOG (stratum)'], 'ecog', { mandatory: true }),
        f.integer('pdl1Tps', ['PD-L1 TPS', 'PD-L1 TPS'], { min: 0, max: 100, unit: '%', mandatory: true }),
        f.single('stratPdl1', ['PD-L1 kategória', 'PD-L1 category'], 'pdl1Category', { mandatory: true }),
        f.single('stratHistology', ['Szövettani réteg', 'Histology stratum'], 'histologyStratum', { mandatory: true }),
        f.single('stratRegion', ['Földrajzi régió', 'Region'], 'region', { mandatory: true }),
      ],
    },
    {
      id: 'geneticsSection',
      label: ['Genetika', 'Genetics'],
      fields: [
        f.boolean('molecularTesting', ['Molekuláris vizsgálat történt', 'Molecular testing done'], { mandatory: true }),
        f.group('molecularGroup', ['Molekuláris eredmények', 'Molecular results'], 'molecularTesting', 'molecularTesting = true', [
          f.single('testMethod', ['Módszer', 'Method'], 'testMethod', { mandatory: true }),
          f.single('sampleType', ['Minta', 'Sample'], 'sampleType', { mandatory: true }),
          f.date('testDate', ['Vizsgálat dátuma', 'Test date'], { earlierThan: 'consentDate' }),
          f.single('egfrStatus', ['EGFR', 'EGFR'], 'mutationStatus', { mandatory: true }),
          f.single('alkStatus', ['ALK átrendeződés', 'ALK rearrangement'], 'mutationStatus', { mandatory: true }),
          f.single('ros1Status', ['ROS1 átrendeződés', 'ROS1 rearrangement'], 'mutationStatus'),
          f.single('krasG12cStatus', ['KRAS G12C', 'KRAS G12C'], 'mutationStatus'),
          f.single('brafV600eStatus', ['BRAF V600E', 'BRAF V600E'], 'mutationStatus'),
          f.decimal('tmb', ['Tumor mutációs terhelés', 'Tumour mutational burden'], { min: 0, max: 500, precision: 1, unit: 'mut/Mb' }),
          f.single('msiStatus', ['Mikroszatellita-instabilitás', 'Microsatellite instability'], 'msi'),
          f.geneList('geneVariants', ['Kimutatott génvariánsok', 'Detected gene variants'], { classificationOptions: 'acmg', help: ['HGNC génszimbólum, pl. KRAS', 'HGNC gene symbol, e.g. KRAS'] }),
          f.fileUpload('molecularReport', ['Molekuláris lelet', 'Molecular report'], { accept: ['.pdf'], maxSizeBytes: 20971520 }),
        ]),
      ],
    },
    {
      id: 'priorTherapySection',
      label: ['Korábbi kezelés', 'Prior therapy'],
      fields: [
        f.boolean('priorSystemic', ['Korábbi szisztémás kezelés', 'Prior systemic therapy'], { mandatory: true }),
        f.group('priorSystemicGroup', ['Korábbi szisztémás kezelés', 'Prior systemic therapy'], 'priorSystemic', 'priorSystemic = true', [
          f.integer('priorLines', ['Kezelési vonalak száma', 'Number of lines'], { min: 1, max: 5, mandatory: true }),
          f.text('priorRegimen', ['Utolsó protokoll', 'Last regimen'], { maxLength: 200 }),
          f.date('priorEndDate', ['Utolsó kezelés vége', 'Last treatment end'], { earlierThan: 'consentDate' }),
        ]),
        f.boolean('priorRadiotherapy', ['Korábbi sugárkezelés', 'Prior radiotherapy']),
        f.boolean('priorSurgery', ['Korábbi tüdőműtét', 'Prior lung surgery']),
      ],
    },
    {
      id: 'labSection',
      label: ['Kiindulási labor', 'Baseline laboratory'],
      fields: [
        f.integer('hemoglobin', ['Hemoglobin', 'Haemoglobin'], { min: 30, max: 220, unit: 'g/L', softMin: 90 }),
        f.decimal('anc', ['Abszolút neutrofilszám', 'Absolute neutrophil count'], { min: 0, max: 100, precision: 2, unit: 'G/L', softMin: 1.5 }),
        f.integer('platelets', ['Thrombocytaszám', 'Platelets'], { min: 0, max: 2000, unit: 'G/L', softMin: 100 }),
        f.integer('alt', ['GPT (ALAT)', 'ALT'], { min: 0, max: 5000, unit: 'U/L', softMax: 120 }),
        f.integer('ast', ['GOT (ASAT)', 'AST'], { min: 0, max: 5000, unit: 'U/L', softMax: 120 }),
        f.decimal('bilirubin', ['Összbilirubin', 'Total bilirubin'], { min: 0, max: 1000, precision: 1, unit: 'µmol/L', softMax: 30 }),
        f.integer('creatinine', ['Kreatinin', 'Creatinine'], { min: 10, max: 2000, unit: 'µmol/L', mandatory: true }),
        // Cockcroft–Gault with creatinine in µmol/L (0.815 converts from mg/dL).
        f.calculated(
          'creatinineClearance',
          ['Kreatinin-clearance (Cockcroft–Gault)', 'Creatinine clearance (Cockcroft–Gault)'],
          "round((140 - ageAtConsent) * weight * if(sex = 'female', 0.85, 1) / (0.815 * creatinine), 0)",
          ['ageAtConsent', 'weight', 'sex', 'creatinine'],
          { unit: 'mL/min', softMin: 45 },
        ),
        f.integer('lvef', ['Bal kamrai ejekciós frakció', 'Left ventricular ejection fraction'], { min: 10, max: 90, unit: '%', softMin: 50 }),
        f.integer('qtc', ['QTc', 'QTc'], { min: 300, max: 700, unit: 'ms', softMax: 470 }),
        f.longText('comments', ['Megjegyzés', 'Comments'], { maxLength: 2000 }),
      ],
    },
  ],
};
