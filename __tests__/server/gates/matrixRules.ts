// The expectations of the authorization matrix, one rule per route of the OpenAPI document: what
// its path parameters are, and for a write who may make it (everyone else must be refused with
// 401/403/404 and change nothing) and a body that passes the schema, so that the refusal is the
// permission's and not the input's. A route without a rule fails the gate: new routes join here.
import type { Role, Seeded, Side } from './matrixKit';

export type ParamKind = 'patient' | 'attendance' | 'period' | 'form' | 'institute' | 'registry' | 'formType' | 'user' | 'group' | 'accessEntry' | 'fieldId' | 'fileId' | 'fileName' | 'version' | 'logEntry' | 'exportJob' | 'bioSample' | 'box';

export interface WriteRule {
  /** Roles that may make this write on this side's entity: their calls are skipped (they would change data). */
  writers: (role: Role, side: Side) => boolean;
  body?: (seeded: Seeded, side: Side) => unknown;
  headers?: (seeded: Seeded, side: Side) => Record<string, string>;
}

export interface Rule {
  params?: Record<string, ParamKind>;
  write?: WriteRule;
  /** Not called: the reason (own session, own account, public sign-up; covered by the auth suites). */
  exempt?: string;
}

const onlyAdmin = (role: Role): boolean => role === 'admin';
/** The data_exporter role and the admin (data export). */
const exporters = (role: Role): boolean => role === 'admin' || role === 'exporter';
/** The data_importer role and the admin (data import). */
const importers = (role: Role): boolean => role === 'admin' || role === 'importer';
/** The uploaders of RA-BIO at SZLK (the own side): the local administrator and the demo importer. */
const ownUploaders = (role: Role): boolean => role === 'localAdmin' || role === 'importer';
/** frm_create / frm_edit / frm_delete in RA-BIO at the side's institute (uploader, physician of its forms). */
const recorders = (role: Role, side: Side): boolean =>
  role === 'admin' || (side === 'own' ? ownUploaders(role) || role === 'investigator' : role === 'investigator2');
/** frm_approve_N and frm_reset_approval on RA-BIO forms: the monitor administrator. */
const monitors = (role: Role): boolean => role === 'admin' || role === 'monitor';
/** Activation: central admins anyone, local administrators their institute's accounts. */
const accountManagers = (role: Role, side: Side): boolean => role === 'admin' || (side === 'own' && role === 'localAdmin');

/** att_disqualify on RA-BIO attendances: the monitor administrator and the site's uploaders. */
const disqualifiers = (role: Role, side: Side): boolean => role === 'admin' || role === 'monitor' || (side === 'own' && ownUploaders(role));

const formVersion = (seeded: Seeded, side: Side): Record<string, string> => ({ 'x-form-version': String(seeded.pick[side].formVersion) });
/** A grant that passes the schema and the checks: guest for the demo group, everywhere. */
const grantBody = (seeded: Seeded): unknown => ({ scheme: 'guest', trusteeGroupId: seeded.group });
/** create_institute_bio_sample in RA-BIO at the side's institute (registry uploader and physician there). */
const sampleCreators = (role: Role, side: Side): boolean =>
  role === 'admin' || (side === 'own' ? ownUploaders(role) || role === 'investigator' : role === 'investigator2');
/** The admin sample codes and bio_manage: the biobank-level uploader (biobank@), everywhere. */
const biobankers = (role: Role): boolean => role === 'admin' || role === 'biobank';
/** update_institute_bio_sample on the SZLK sample: its uploader and the biobank; the foreign side's institute holds no such sample. */
const sampleUpdaters = (role: Role, side: Side): boolean => biobankers(role) || (side === 'own' && ownUploaders(role));
const sampleBody = (seeded: Seeded, side: Side): unknown => ({
  bioSampleTypeId: seeded.bio.type,
  registryId: seeded.registry('RA-BIO'),
  patientId: seeded.pick[side].patient,
  sampleCollectedAt: '2026-01-01T08:00:00Z',
});
const ID = (kind: ParamKind): Record<string, ParamKind> => ({ id: kind });
const SESSION = 'the caller\'s own session or sign-in (auth suites)';

export const RULES: Record<string, Rule> = {
  'GET /api/v1/health': {},
  'GET /api/v1/client-configuration': {},
  'POST /api/v1/client-errors': { exempt: 'anyone may report a client error (clientErrors.test.ts)' },
  'GET /api/v1/institutes/public': {},
  'GET /api/v1/institutes': {},
  'GET /api/v1/accessible-institutes': {},
  'GET /api/v1/institutes/{id}': { params: ID('institute') },
  'PUT /api/v1/institutes/{id}': { params: ID('institute'), write: { writers: onlyAdmin, body: () => ({ name: 'X', shortName: 'XX', timeZone: 'Europe/Budapest' }) } },
  'GET /api/v1/institutes/{id}/name': { params: ID('institute') },
  'POST /api/v1/institutes': { write: { writers: onlyAdmin, body: () => ({ name: 'Matrix', shortName: 'MATRIX', timeZone: 'Europe/Budapest' }) } },
  'DELETE /api/v1/institutes/{id}': { params: ID('institute'), write: { writers: onlyAdmin } },
  'GET /api/v1/institutes/{id}/usage': { params: ID('institute') },
  // The admin is the demo's impersonator; its call would only open a session (left out of the digest).
  'POST /api/v1/impersonation/{userId}': { params: { userId: 'user' }, write: { writers: onlyAdmin } },
  'GET /api/v1/impersonation/candidates': {},
  'DELETE /api/v1/impersonation': { exempt: 'the caller\'s own impersonation session (impersonation suite)' },
  'GET /api/v1/institutes/{id}/physicians': { params: ID('institute') },
  'GET /api/v1/institutes/{id}/accessible-physicians/{registryId}': { params: { id: 'institute', registryId: 'registry' } },
  'POST /api/v1/auth/tokens': { exempt: SESSION },
  'POST /api/v1/auth/mfa-tokens': { exempt: SESSION },
  'POST /api/v1/auth/mfa-recovery': { exempt: SESSION },
  'POST /api/v1/auth/refresh': { exempt: SESSION },
  'POST /api/v1/auth/logout': { exempt: SESSION },
  'POST /api/v1/auth/request-password-reset': { exempt: SESSION },
  'POST /api/v1/auth/reset-password': { exempt: SESSION },
  'POST /api/v1/auth/change-password': { exempt: SESSION },
  'POST /api/v1/auth/mfa-tokens/setup': { exempt: SESSION },
  'POST /api/v1/auth/mfa-tokens/verify': { exempt: SESSION },
  'POST /api/v1/auth/mfa-tokens/skip-setup': { exempt: SESSION },
  'POST /api/v1/auth/mfa-recovery/regenerate': { exempt: SESSION },
  'POST /api/v1/auth/mfa-tokens/disable': { exempt: SESSION },
  'GET /api/v1/profile-settings': {},
  'PATCH /api/v1/profile-settings': { exempt: 'the caller\'s own settings (profile suite)' },
  'GET /api/v1/user-registrations/institutes': {},
  'GET /api/v1/user-registrations/captcha': {},
  'POST /api/v1/user-registrations/users': { exempt: 'public sign-up (registration suite)' },
  'POST /api/v1/user-registrations/resend-confirmation-email': { exempt: 'public sign-up (registration suite)' },
  'POST /api/v1/user-registrations/users/{id}/email-confirmation-token': { exempt: 'public sign-up (registration suite)' },
  'POST /api/v1/users/{id}/activation': { params: ID('user'), write: { writers: accountManagers } },
  'POST /api/v1/users/{id}/deactivation': { params: ID('user'), write: { writers: accountManagers } },
  'GET /api/v1/users': {},
  'POST /api/v1/users': {
    write: {
      // The side's institute: SZLK is the local administrator's own, DEK a foreign one.
      writers: accountManagers,
      body: (seeded, side) => ({ name: 'Mátrix Mária', email: `matrix.${side}@example.org`, instituteId: seeded.pick[side].institute, roles: ['user'] }),
    },
  },
  'GET /api/v1/users/{id}': { params: ID('user') },
  'PUT /api/v1/users/{id}': { params: ID('user'), write: { writers: accountManagers, body: () => ({ name: 'Mátrix Mária', email: 'matrix.edit@example.org' }) } },
  'DELETE /api/v1/users/{id}': { params: ID('user'), write: { writers: accountManagers } },
  'GET /api/v1/user-groups': {},
  'POST /api/v1/user-groups': { write: { writers: onlyAdmin, body: () => ({ name: 'Mátrix' }) } },
  'GET /api/v1/user-groups/{id}': { params: ID('group') },
  'PUT /api/v1/user-groups/{id}': { params: ID('group'), write: { writers: onlyAdmin, body: () => ({ name: 'Mátrix' }) } },
  'DELETE /api/v1/user-groups/{id}': { params: ID('group'), write: { writers: onlyAdmin } },
  'GET /api/v1/registries': {},
  'GET /api/v1/registries/public': {},
  'GET /api/v1/registries/{id}': { params: ID('registry') },
  'GET /api/v1/registries/{id}/form-types': { params: ID('registry') },
  'GET /api/v1/accessible-registries': {},
  'GET /api/v1/dashboard/registries': {},
  'GET /api/v1/form-types/{id}': { params: ID('formType') },
  'GET /api/v1/form-types/attendance-start/{id}': { params: ID('registry') },
  'GET /api/v1/form-types/{typeId}/form-descriptors/{version}': { params: { typeId: 'formType', version: 'version' } },
  'GET /api/v1/form-types/{id}/registry': { params: ID('formType') },
  'GET /api/v1/form-types/{id}/external-fields': { params: ID('formType') },
  'GET /api/v1/form-types/{id}/form-descriptors': { params: ID('formType') },
  // A body that loads: the matrix's refusals must be the permission's. The admin's call is skipped.
  'POST /api/v1/form-types/{id}/form-descriptors': { params: ID('formType'), write: { writers: onlyAdmin, body: () => ({ descriptors: [{ locale: 'en' }] }) } },
  'POST /api/v1/form-types/{id}/redcap-import': { params: ID('formType'), write: { writers: onlyAdmin, body: () => ({ csv: 'Variable / Field Name,Form Name,Field Type,Field Label', confirm: true }) } },
  'GET /api/v1/institutes/{id}/form-types/{typeId}/form-start-data': { params: { id: 'institute', typeId: 'formType' } },
  'GET /api/v1/registry-acl': {},
  'GET /api/v1/registry-acl/{id}': { params: ID('accessEntry') },
  'GET /api/v1/biobank-acl': {},
  'GET /api/v1/biobank-acl/{id}': { params: ID('accessEntry') },
  'POST /api/v1/registry-acl': { write: { writers: onlyAdmin, body: grantBody } },
  'PUT /api/v1/registry-acl/{id}': { params: ID('accessEntry'), write: { writers: onlyAdmin, body: grantBody } },
  'DELETE /api/v1/registry-acl/{id}': { params: ID('accessEntry'), write: { writers: onlyAdmin } },
  'POST /api/v1/biobank-acl': { write: { writers: onlyAdmin, body: grantBody } },
  'PUT /api/v1/biobank-acl/{id}': { params: ID('accessEntry'), write: { writers: onlyAdmin, body: grantBody } },
  'DELETE /api/v1/biobank-acl/{id}': { params: ID('accessEntry'), write: { writers: onlyAdmin } },
  'GET /api/v1/users/{id}/effective-access': { params: ID('user') },
  'GET /api/v1/form-acl/{id}': { params: ID('form') },
  'GET /api/v1/patients': {},
  'GET /api/v1/patients/{id}': { params: ID('patient') },
  'GET /api/v1/institutes/{id}/patients': { params: ID('institute') },
  'POST /api/v1/institutes/{id}/patients': {
    params: ID('institute'),
    write: { writers: recorders, body: (seeded) => ({ registryId: seeded.registry('RA-BIO'), name: 'Mátrix Móric', dob: '1980-01-01', gender: 'male', insuranceNumber: '' }) },
  },
  'GET /api/v1/institutes/{id}/patients/{patientId}': { params: { id: 'institute', patientId: 'patient' } },
  'PUT /api/v1/patient/{id}': { params: ID('patient'), write: { writers: recorders, body: () => ({ gender: 'unknown' }) } },
  'DELETE /api/v1/patient/{id}': { params: ID('patient'), write: { writers: recorders } },
  'POST /api/v1/attendances': {
    write: {
      writers: recorders,
      body: (seeded, side) => ({
        patientId: seeded.pick[side].patient,
        registryId: seeded.registry('RA-BIO'),
        instituteId: seeded.pick[side].institute,
        physicianId: seeded.pick[side].user,
        startDateTime: '2026-05-01T10:00:00Z',
      }),
    },
  },
  'GET /api/v1/attendances/{id}': { params: ID('attendance') },
  'PATCH /api/v1/attendances/{id}': { params: ID('attendance'), write: { writers: recorders, body: () => ({ completed: false }) } },
  'GET /api/v1/attendances/{id}/attendance_periods': { params: ID('attendance') },
  'GET /api/v1/registries/{id}/attendance_periods': { params: ID('registry') },
  'GET /api/v1/patients/{id}/attendance_periods': { params: ID('patient') },
  'DELETE /api/v1/attendances/{id}/approvals': { params: ID('attendance'), write: { writers: monitors } },
  'PUT /api/v1/attendances/{id}/disqualification': { params: ID('attendance'), write: { writers: disqualifiers, body: () => ({ reason: 'Matrix' }) } },
  'DELETE /api/v1/attendances/{id}/disqualification': { params: ID('attendance'), write: { writers: onlyAdmin, body: () => ({ reason: 'Matrix' }) } },
  'GET /api/v1/forms/{id}': { params: ID('form') },
  'PUT /api/v1/forms/{id}': { params: ID('form'), write: { writers: recorders, body: () => ({ values: {}, submit: false }), headers: formVersion } },
  'DELETE /api/v1/forms/{id}': { params: ID('form'), write: { writers: recorders, headers: formVersion } },
  'POST /api/v1/attendance-periods/{id}/forms': { params: ID('period'), write: { writers: recorders, body: (seeded) => ({ formTypeId: seeded.baselineType, values: {}, submit: false }) } },
  'GET /api/v1/attendance_periods/{id}/forms': { params: ID('period') },
  'PUT /api/v1/forms/{id}/approve': { params: ID('form'), write: { writers: monitors, body: () => ({ level: 1 }), headers: formVersion } },
  'PUT /api/v1/forms/{id}/reject': { params: ID('form'), write: { writers: monitors, body: () => ({ level: 1, rejections: [{ path: 'esr', reason: 'x' }] }), headers: formVersion } },
  'PUT /api/v1/forms/{id}/correct-draft': { params: ID('form'), write: { writers: recorders, body: () => ({ values: {}, notes: {} }), headers: formVersion } },
  'PUT /api/v1/forms/{id}/correct-finalized': { params: ID('form'), write: { writers: recorders, body: () => ({ values: {}, notes: {} }), headers: formVersion } },
  'DELETE /api/v1/forms/{id}/approvals': { params: ID('form'), write: { writers: monitors, body: () => ({ reason: 'x' }), headers: formVersion } },
  'PUT /api/v1/forms/{id}/fix': { params: ID('form'), write: { writers: monitors, body: () => ({ path: 'esr', value: 12 }), headers: formVersion } },
  'PUT /api/v1/forms/{id}/fix-locks/{fieldId}': { params: { id: 'form', fieldId: 'fieldId' }, write: { writers: monitors } },
  'DELETE /api/v1/forms/{id}/fix-locks/{fieldId}': { params: { id: 'form', fieldId: 'fieldId' }, write: { writers: monitors } },
  'GET /api/v1/forms/{id}/history': { params: ID('form') },
  'GET /api/v1/forms/{id}/field-history/{fieldId}': { params: { id: 'form', fieldId: 'fieldId' } },
  'GET /api/v1/forms/approvable': {},
  'GET /api/v1/forms/approvable-count': {},
  'GET /api/v1/forms/correctable': {},
  'GET /api/v1/forms/correctable-count': {},
  'GET /api/v1/registries/{id}/status-matrix': { params: ID('registry') },
  'POST /api/v1/forms/{id}/{fieldId}/files': {
    params: { id: 'form', fieldId: 'fieldId' },
    write: { writers: recorders, body: () => 'file body', headers: () => ({ 'content-type': 'application/pdf', 'x-file-name': 'matrix.pdf' }) },
  },
  'GET /api/v1/forms/{id}/{fieldId}/files/{fileId}/{name}': { params: { id: 'form', fieldId: 'fieldId', fileId: 'fileId', name: 'fileName' } },
  'GET /api/v1/forms/{id}/form-start-data': { params: ID('form') },
  'GET /api/v1/attendance-periods/{id}/form-types/{typeId}/form-start-data': { params: { id: 'period', typeId: 'formType' } },
  'GET /api/v1/patient/{id}/form-types/{typeId}/external-fields': { params: { id: 'patient', typeId: 'formType' } },
  'GET /api/v1/application-log': {},
  'GET /api/v1/application-log/{id}': { params: ID('logEntry') },
  'GET /api/v1/mailchimp-list': {},
  // Unconfigured in the matrix: the admin's call would answer 409 and change nothing.
  'POST /api/v1/mailchimp-list/update': { write: { writers: onlyAdmin } },
  'GET /api/v1/statistics/approval-levels': {},
  'GET /api/v1/statistics/user-activity': {},
  'GET /api/v1/statistics/rejection-count': {},
  'GET /api/v1/statistics/follow-up': {},
  'GET /api/v1/statistics/attendances-per-month': {},
  'GET /api/v1/data-export/options': {},
  'GET /api/v1/data-export/jobs': {},
  'GET /api/v1/data-export/jobs/{id}': { params: ID('exportJob') },
  'GET /api/v1/data-export/jobs/{id}/file': { params: ID('exportJob') },
  // The exporter's and the admin's calls would queue a job; everyone else is refused (403/401).
  'POST /api/v1/data-export': { write: { writers: exporters, body: () => ({ fileName: 'matrix', password: 'Matrix-Passw0rd!' }) } },
  'DELETE /api/v1/data-export/jobs/{id}': { params: ID('exportJob'), write: { writers: exporters } },
  'GET /api/v1/institutes/{id}/bio-samples': { params: ID('institute') },
  'POST /api/v1/institutes/{id}/bio-samples': { params: ID('institute'), write: { writers: sampleCreators, body: sampleBody } },
  'GET /api/v1/institutes/{id}/bio-samples/{sampleId}': { params: { id: 'institute', sampleId: 'bioSample' } },
  'PUT /api/v1/institutes/{id}/bio-samples/{sampleId}': { params: { id: 'institute', sampleId: 'bioSample' }, write: { writers: sampleUpdaters, body: () => ({ version: 1, notes: 'matrix' }) } },
  'POST /api/v1/institutes/{id}/forms/{formId}/bio-samples': {
    params: { id: 'institute', formId: 'form' },
    write: { writers: onlyAdmin, body: (seeded) => ({ samples: [{ bioSampleTypeId: seeded.bio.type, sampleCollectedAt: '2026-01-01T08:00:00Z' }] }) },
  },
  'GET /api/v1/bio-samples': {},
  'POST /api/v1/bio-samples': { write: { writers: biobankers, body: sampleBody } },
  'GET /api/v1/bio-samples/{id}': { params: ID('bioSample') },
  'PUT /api/v1/bio-samples/{id}': { params: ID('bioSample'), write: { writers: biobankers, body: () => ({ version: 1, notes: 'matrix' }) } },
  'DELETE /api/v1/bio-samples/{id}': { params: ID('bioSample'), write: { writers: biobankers } },
  'GET /api/v1/bio-samples/{id}/forms': { params: ID('bioSample') },
  'GET /api/v1/bio-samples/{id}/history': { params: ID('bioSample') },
  'GET /api/v1/bio-samples/{id}/attachable-forms': { params: ID('bioSample') },
  'GET /api/v1/bio-sample-patients': {},
  'GET /api/v1/patients/{id}/bio-samples': { params: ID('patient') },
  'GET /api/v1/forms/{id}/attachable-bio-samples': { params: ID('form') },
  'GET /api/v1/forms/{id}/attachable-bio-sample-types': { params: ID('form') },
  // Linking: attach_bio_sample_to_form with the right to edit the form (docs/biobank.md).
  'POST /api/v1/forms/{id}/attached-bio-samples': { params: ID('form'), write: { writers: biobankers, body: (seeded) => ({ sampleId: seeded.bio.sample }) } },
  'POST /api/v1/forms/{id}/attached-bio-samples/{sampleId}/detach': { params: { id: 'form', sampleId: 'bioSample' }, write: { writers: biobankers } },
  'GET /api/v1/bio-sample-types': {},
  'GET /api/v1/registries/{id}/bio-sample-types': { params: ID('registry') },
  'GET /api/v1/institutes/{id}/permitted-bio-sample-registries': { params: ID('institute') },
  'GET /api/v1/institutes/{id}/bio-sample-boxes': { params: ID('institute') },
  'GET /api/v1/institutes/{id}/bio-sample-boxes/{boxId}': { params: { id: 'institute', boxId: 'box' } },
  'POST /api/v1/institutes/{id}/bio-sample-boxes': { params: ID('institute'), write: { writers: biobankers, body: () => ({ fridge: 'F', compartment: 'C', name: 'Matrix box', rows: 2, columns: 2 }) } },
  'GET /api/v1/institutes/{id}/bio-samples-summary': { params: ID('institute') },
  // Import jobs: the id is nobody's job (the exportJob sample), so every role gets 403 or 404.
  'GET /api/v1/data-import/jobs': {},
  'GET /api/v1/data-import/jobs/{id}': { params: ID('exportJob') },
  'GET /api/v1/form-types/{id}/import-template': { params: ID('formType') },
  'POST /api/v1/data-import/files': { write: { writers: importers, body: () => 'patientNumber,institute\r\n', headers: () => ({ 'x-file-name': 'matrix.csv', 'content-type': 'text/csv' }) } },
  'POST /api/v1/data-import': {
    write: { writers: importers, body: (seeded) => ({ name: 'matrix', registryId: seeded.registry('RA-BIO'), formTypeId: String(seeded.baselineType), formTypeVersion: 1, fileId: 'none' }) },
  },
  'POST /api/v1/data-import/jobs/{id}/commit': { params: ID('exportJob'), write: { writers: importers } },
  'POST /api/v1/data-import/jobs/{id}/cancel': { params: ID('exportJob'), write: { writers: importers } },
  'DELETE /api/v1/data-import/jobs/failed': { write: { writers: importers } },
};

/** A path parameter's value for one side. */
export function paramValue(seeded: Seeded, side: Side, kind: ParamKind): string {
  const pick = seeded.pick[side];
  switch (kind) {
    case 'patient':
    case 'attendance':
    case 'period':
    case 'form':
    case 'institute':
    case 'user':
    case 'accessEntry':
      return pick[kind];
    case 'group':
      return seeded.group;
    case 'registry':
      return seeded.registry(side === 'own' ? 'RA-BIO' : 'NSCLC-1L');
    case 'formType':
      return String(seeded.baselineType);
    case 'fieldId':
      return 'esr';
    case 'fileId':
      return '0000000000000000000000000000000000000000000000000000000000000000';
    case 'fileName':
      return 'matrix.pdf';
    case 'version':
      return '1';
    case 'logEntry':
      return seeded.logEntry;
    case 'bioSample':
      return seeded.bio.sample;
    case 'box':
      return seeded.bio.box;
    case 'exportJob':
      // Nobody's job: a job is visible to its requester alone, so every role gets 403 or 404.
      return '00000000-0000-4000-8000-00000000e0b0';
  }
}
