// Permission schemes (spec business-data §6): named code sets an access entry grants. The table is
// documented in docs/permissions.md; change both together.
import type { PermissionCode } from './codes';

export const PERMISSION_SCHEMES = [
  'uploader',
  'physician',
  'leadPhysician',
  'cooperativeLocalAdministrator',
  'cooperativeLocalInvestigator',
  'monitorAdministrator',
  'cooperativeMonitorInvestigator',
  'guest',
] as const;

export type PermissionScheme = (typeof PERMISSION_SCHEMES)[number];

export function isPermissionScheme(value: string): value is PermissionScheme {
  return (PERMISSION_SCHEMES as readonly string[]).includes(value);
}

const INSTITUTE_BIO_ALL: PermissionCode[] = [
  'read_institute_bio_sample',
  'create_institute_bio_sample',
  'update_institute_bio_sample',
  'delete_institute_bio_sample',
];

/**
 * What each scheme grants in a registry-level entry. "Cooperative" schemes are for partner sites
 * and external physicians: they reach only the forms of patients they treat (implicit codes).
 */
export const REGISTRY_SCHEME_CODES: Readonly<Record<PermissionScheme, readonly PermissionCode[]>> = {
  // Data managers of a site: enter and maintain every form of their scope, with personal data.
  uploader: ['reg_access', 'frm_create', 'frm_read', 'frm_edit', 'frm_delete', 'att_disqualify', 'personal_data_access', ...INSTITUTE_BIO_ALL],
  // Investigators: read the whole scope, change only their own patients' forms.
  physician: [
    'reg_access',
    'frm_create',
    'frm_read',
    'frm_impl_edit',
    'frm_impl_delete',
    'personal_data_access',
    'read_institute_bio_sample',
    'create_institute_bio_sample',
  ],
  // Principal investigators: full data entry in their scope plus medical review (levels 1 and 2).
  leadPhysician: [
    'reg_access',
    'frm_create',
    'frm_read',
    'frm_edit',
    'frm_delete',
    'frm_approve_1',
    'frm_approve_2',
    'att_disqualify',
    'personal_data_access',
    'read_institute_bio_sample',
  ],
  cooperativeLocalAdministrator: [
    'implicit_access',
    'frm_create',
    'frm_impl_read',
    'frm_impl_edit',
    'frm_impl_delete',
    'personal_data_access',
    'read_institute_bio_sample',
    'create_institute_bio_sample',
    'update_institute_bio_sample',
  ],
  cooperativeLocalInvestigator: ['implicit_access', 'frm_create', 'frm_impl_read', 'frm_impl_edit', 'personal_data_access', 'read_institute_bio_sample'],
  // Monitors: source-data verification without identifying data; all four approval levels, reset
  // of approvals, disqualification and the unconditional delete of erroneous forms.
  monitorAdministrator: [
    'reg_access',
    'frm_read',
    'frm_approve_1',
    'frm_approve_2',
    'frm_approve_3',
    'frm_approve_4',
    'frm_reset_approval',
    'frm_destroy',
    'att_disqualify',
    'read_institute_bio_sample',
  ],
  cooperativeMonitorInvestigator: ['implicit_access', 'frm_impl_read', 'frm_impl_approve_1', 'frm_impl_approve_2', 'personal_data_access'],
  // Read-only access without personal data (statisticians, exporters, observers).
  guest: ['reg_access', 'frm_read'],
};

/**
 * What each scheme grants in a biobank-level entry: the biobank's own samples. Readers of every
 * scheme may read; managing schemes also write. attachPermission adds attach_bio_sample_to_form.
 */
const BIO_READ: PermissionCode[] = ['read_admin_bio_sample', 'read_institute_bio_sample'];
const BIO_WRITE: PermissionCode[] = [
  'bio_manage',
  ...BIO_READ,
  'create_admin_bio_sample',
  'update_admin_bio_sample',
  'delete_admin_bio_sample',
  'update_institute_bio_sample',
];

export const BIOBANK_SCHEME_CODES: Readonly<Record<PermissionScheme, readonly PermissionCode[]>> = {
  uploader: BIO_WRITE,
  physician: BIO_READ,
  leadPhysician: BIO_READ,
  cooperativeLocalAdministrator: BIO_WRITE,
  cooperativeLocalInvestigator: BIO_READ,
  monitorAdministrator: BIO_READ,
  cooperativeMonitorInvestigator: BIO_READ,
  guest: ['read_admin_bio_sample'],
};
