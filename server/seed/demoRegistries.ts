// Demo registries: the rheumatology biologic-therapy registry and the oncology trial, with their
// form types (descriptors from src/domain/forms/demo) and the access entries of the demo accounts.
import type { PermissionScheme } from '../../src/domain/permissions';
import type { DemoInstitute } from './demoData';

type InstituteKey = DemoInstitute['key'];

export interface DemoRegistry {
  key: 'rheuma' | 'onco';
  nameHu: string;
  nameEn: string;
  shortName: string;
  bioSampleCode: string;
  hasInpatientDay: boolean;
  mandatoryInsuranceNumber: boolean;
  registryType: 'registry' | 'trial';
  registryGroupHu: string;
  registryGroupEn: string;
  dataCollectionPeriod: string;
  registryManager: { name: string; institute: InstituteKey } | null;
  trialManager: { name: string; institute: InstituteKey } | null;
  targetPatientCount: number;
  attendancePeriodNameHu: string;
  attendancePeriodNameEn: string;
  randomization: {
    strategy: 'basic' | 'permuted_block';
    blockMultiplier: number;
    visibility: 'available' | 'reportOnly' | 'hidden';
    groups: { name: string; multiplier: number }[];
  } | null;
  institutes: InstituteKey[];
  /** The form types, in display order: descriptor displayId and names. */
  formTypes: { displayId: string; nameHu: string; nameEn: string; shortName: string }[];
  externalFields?: { target: string; sourceDisplayId: string; sourceField: string; targetField: string }[];
  /**
   * The periods every attendance of the registry has, in order, with the form types each allows by
   * descriptor displayId and how many per period (null: repeatable). A type allowed nowhere is not offered.
   */
  periods: { nameHu: string; nameEn: string; dueMonths?: number; formTypes: { displayId: string; max: number | null }[] }[];
}

const followUpPeriod = (nameHu: string, nameEn: string, dueMonths: number): DemoRegistry['periods'][number] => ({
  nameHu,
  nameEn,
  dueMonths,
  formTypes: [
    { displayId: 'RA-FOLLOWUP', max: 1 },
    { displayId: 'RA-AE', max: null },
  ],
});

export const DEMO_REGISTRIES: readonly DemoRegistry[] = [
  {
    key: 'rheuma',
    nameHu: 'Reumatológiai biológiai terápiás regiszter',
    nameEn: 'Rheumatology Biologic Therapy Registry',
    shortName: 'RA-BIO',
    bioSampleCode: 'RAB',
    hasInpatientDay: true,
    mandatoryInsuranceNumber: true,
    registryType: 'registry',
    registryGroupHu: 'Reumatológia',
    registryGroupEn: 'Rheumatology',
    dataCollectionPeriod: '2024-2030',
    registryManager: { name: 'Dr. Nagy Eszter', institute: 'lukacs' },
    trialManager: null,
    targetPatientCount: 1500,
    attendancePeriodNameHu: 'Kezelési szakasz',
    attendancePeriodNameEn: 'Treatment period',
    randomization: null,
    institutes: ['lukacs', 'duna'],
    formTypes: [
      { displayId: 'RA-BASELINE', nameHu: 'Kiindulási vizit', nameEn: 'Baseline visit', shortName: 'Baseline' },
      { displayId: 'RA-FOLLOWUP', nameHu: 'Követéses vizit', nameEn: 'Follow-up visit', shortName: 'Follow-up' },
      { displayId: 'RA-AE', nameHu: 'Nemkívánatos esemény', nameEn: 'Adverse event', shortName: 'AE' },
    ],
    externalFields: [
      { target: 'RA-FOLLOWUP', sourceDisplayId: 'RA-BASELINE', sourceField: 'biologicStartDate', targetField: 'therapyStartDate' },
      { target: 'RA-FOLLOWUP', sourceDisplayId: 'RA-BASELINE', sourceField: 'biologicDrug', targetField: 'currentBiologic' },
      { target: 'RA-FOLLOWUP', sourceDisplayId: 'RA-BASELINE', sourceField: 'das28esr', targetField: 'baselineDas28' },
      { target: 'RA-AE', sourceDisplayId: 'RA-BASELINE', sourceField: 'biologicDrug', targetField: 'suspectDrug' },
      // Repeats of the patient record: filled from the patient, read-only on the form (server/forms/patientFields.ts).
      { target: 'RA-BASELINE', sourceDisplayId: 'PATIENT', sourceField: 'dob', targetField: 'birthDate' },
      { target: 'RA-BASELINE', sourceDisplayId: 'PATIENT', sourceField: 'gender', targetField: 'sex' },
    ],
    periods: [
      {
        nameHu: 'Kiindulás',
        nameEn: 'Baseline',
        // The follow-up plan: baseline at the start, then months 3, 6 and 12 after it.
        dueMonths: 0,
        formTypes: [
          { displayId: 'RA-BASELINE', max: 1 },
          { displayId: 'RA-AE', max: null },
        ],
      },
      followUpPeriod('3. hónap', 'Month 3', 3),
      followUpPeriod('6. hónap', 'Month 6', 6),
      followUpPeriod('12. hónap', 'Month 12', 12),
    ],
  },
  {
    key: 'onco',
    nameHu: 'Onkológiai vizsgálat: első vonalbeli NSCLC-kezelés',
    nameEn: 'Oncology trial: first-line NSCLC treatment',
    shortName: 'NSCLC-1L',
    bioSampleCode: 'NSC',
    hasInpatientDay: false,
    mandatoryInsuranceNumber: true,
    registryType: 'trial',
    registryGroupHu: 'Onkológia',
    registryGroupEn: 'Oncology',
    dataCollectionPeriod: '2025-2028',
    registryManager: null,
    trialManager: { name: 'Dr. Varga Bence', institute: 'lukacs' },
    targetPatientCount: 240,
    attendancePeriodNameHu: 'Ciklus',
    attendancePeriodNameEn: 'Cycle',
    randomization: {
      strategy: 'permuted_block',
      blockMultiplier: 2,
      visibility: 'reportOnly',
      groups: [
        { name: 'A: standard', multiplier: 1 },
        { name: 'B: experimental', multiplier: 1 },
      ],
    },
    institutes: ['lukacs', 'alfold'],
    formTypes: [{ displayId: 'NSCLC-ENROL', nameHu: 'Beválasztás', nameEn: 'Trial enrolment', shortName: 'Enrolment' }],
    externalFields: [
      { target: 'NSCLC-ENROL', sourceDisplayId: 'PATIENT', sourceField: 'dob', targetField: 'birthDate' },
      { target: 'NSCLC-ENROL', sourceDisplayId: 'PATIENT', sourceField: 'gender', targetField: 'sex' },
    ],
    // The trial has no cycle form type yet: one period, and no empty cycles nothing could be added to.
    periods: [{ nameHu: 'Beválasztás', nameEn: 'Enrolment', formTypes: [{ displayId: 'NSCLC-ENROL', max: 1 }] }],
  },
];

export interface DemoAccessEntry {
  email: string;
  kind: 'registry' | 'biobank';
  scheme: PermissionScheme;
  registry?: DemoRegistry['key'];
  institute?: InstituteKey;
  /** A form type by descriptor displayId. */
  formType?: string;
  attachPermission?: boolean;
  /** Granted through a demo group instead of the user directly. */
  viaGroup?: string;
}

/** One group, so that group entries are part of the living system. */
export const DEMO_GROUPS = [{ key: 'monitors', name: 'Monitorok / Monitors', groupType: 'monitoring', members: ['monitor@example.org', 'monitor2@example.org'] }] as const;

export const DEMO_ACCESS_ENTRIES: readonly DemoAccessEntry[] = [
  { email: 'investigator@example.org', kind: 'registry', scheme: 'physician', registry: 'rheuma', institute: 'lukacs' },
  { email: 'investigator@example.org', kind: 'registry', scheme: 'physician', registry: 'onco', institute: 'lukacs' },
  { email: 'investigator2@example.org', kind: 'registry', scheme: 'physician', registry: 'rheuma', institute: 'duna' },
  { email: 'local.admin@example.org', kind: 'registry', scheme: 'uploader', registry: 'rheuma', institute: 'lukacs' },
  { email: 'local.admin@example.org', kind: 'registry', scheme: 'cooperativeLocalAdministrator', registry: 'onco', institute: 'lukacs' },
  // The monitor's rights come through the monitors group: every registry, every institute.
  { email: 'monitor@example.org', kind: 'registry', scheme: 'monitorAdministrator', viaGroup: 'monitors' },
  { email: 'monitor.investigator@example.org', kind: 'registry', scheme: 'leadPhysician', registry: 'onco' },
  { email: 'monitor.investigator@example.org', kind: 'registry', scheme: 'cooperativeMonitorInvestigator', registry: 'rheuma' },
  { email: 'biobank@example.org', kind: 'biobank', scheme: 'uploader', attachPermission: true },
  { email: 'exporter@example.org', kind: 'registry', scheme: 'guest' },
  // The importer imports into RA-BIO at SZLK out of the box. Importing creates and edits forms
  // (frm_create, frm_edit); uploader is the one scheme granting both without approvals (every such
  // scheme also grants personal data, which an import by patient number does not need).
  { email: 'importer@example.org', kind: 'registry', scheme: 'uploader', registry: 'rheuma', institute: 'lukacs' },
];
