// Permission codes (spec business-data §6). A code names one action; access entries grant codes
// through schemes. Implicit variants grant the same action, but only on forms whose physician is
// the user (see docs/permissions.md).
export const PERMISSION_CODES = {
  regAccess: 'reg_access',
  frmCreate: 'frm_create',
  frmRead: 'frm_read',
  frmEdit: 'frm_edit',
  frmDelete: 'frm_delete',
  frmDestroy: 'frm_destroy',
  attDisqualify: 'att_disqualify',
  frmApprove1: 'frm_approve_1',
  frmApprove2: 'frm_approve_2',
  frmApprove3: 'frm_approve_3',
  frmApprove4: 'frm_approve_4',
  personalDataAccess: 'personal_data_access',
  frmImplRead: 'frm_impl_read',
  frmImplEdit: 'frm_impl_edit',
  frmImplDelete: 'frm_impl_delete',
  frmImplApprove1: 'frm_impl_approve_1',
  frmImplApprove2: 'frm_impl_approve_2',
  frmImplApprove3: 'frm_impl_approve_3',
  frmImplApprove4: 'frm_impl_approve_4',
  implicitAccess: 'implicit_access',
  frmResetApproval: 'frm_reset_approval',
  bioManage: 'bio_manage',
  readInstituteBioSample: 'read_institute_bio_sample',
  createInstituteBioSample: 'create_institute_bio_sample',
  updateInstituteBioSample: 'update_institute_bio_sample',
  deleteInstituteBioSample: 'delete_institute_bio_sample',
  readAdminBioSample: 'read_admin_bio_sample',
  createAdminBioSample: 'create_admin_bio_sample',
  updateAdminBioSample: 'update_admin_bio_sample',
  deleteAdminBioSample: 'delete_admin_bio_sample',
  attachBioSampleToForm: 'attach_bio_sample_to_form',
} as const;

export type PermissionCode = (typeof PERMISSION_CODES)[keyof typeof PERMISSION_CODES];
export const ALL_PERMISSION_CODES: readonly PermissionCode[] = Object.values(PERMISSION_CODES);

export function isPermissionCode(value: string): value is PermissionCode {
  return (ALL_PERMISSION_CODES as readonly string[]).includes(value);
}

/**
 * Explicit code -> its implicit variant. Holding the variant gives the explicit code on targets
 * whose physician is the user; `implicit_access` is the implicit variant of `reg_access`.
 */
export const IMPLICIT_VARIANT: Readonly<Partial<Record<PermissionCode, PermissionCode>>> = {
  reg_access: 'implicit_access',
  frm_read: 'frm_impl_read',
  frm_edit: 'frm_impl_edit',
  frm_delete: 'frm_impl_delete',
  frm_approve_1: 'frm_impl_approve_1',
  frm_approve_2: 'frm_impl_approve_2',
  frm_approve_3: 'frm_impl_approve_3',
  frm_approve_4: 'frm_impl_approve_4',
};

export const APPROVAL_LEVELS = [1, 2, 3, 4] as const;
export type ApprovalLevel = (typeof APPROVAL_LEVELS)[number];

export function approveCode(level: ApprovalLevel): PermissionCode {
  return `frm_approve_${level}` as PermissionCode;
}

/** Codes about bio samples; the rest concern registries, attendances and forms. */
export const BIO_SAMPLE_CODES: readonly PermissionCode[] = [
  'bio_manage',
  'read_institute_bio_sample',
  'create_institute_bio_sample',
  'update_institute_bio_sample',
  'delete_institute_bio_sample',
  'read_admin_bio_sample',
  'create_admin_bio_sample',
  'update_admin_bio_sample',
  'delete_admin_bio_sample',
  'attach_bio_sample_to_form',
];
