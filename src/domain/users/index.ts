// A user account as the users calls answer it (spec business-data §3 "User"): one definition for the
// server that builds it and the client that shows it.

export type UserState = 'unconfirmed' | 'confirmed' | 'active' | 'inactive';
export type MfaPolicy = 'user' | 'enforced' | 'forbidden';

export interface UserAccount {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  doctor: boolean;
  instituteId: string | null;
  notes: string | null;
  state: UserState;
  country: string | null;
  city: string | null;
  legacyDoctorCode: string | null;
  userGroupId: string | null;
  preventAutomaticInactivation: boolean;
  deactivatedUsersNotification: boolean;
  inactiveUsersNotification: boolean;
  registryId: string | null;
  mfaPolicy: MfaPolicy;
  mfaEnabled: boolean;
  mfaEnforcedAt: string | null;
  mfaConfirmed: boolean;
  displayId: string | null;
  roles: string[];
  createdAt: string;
  updatedAt: string;
  lastLoginAt: string | null;
  /** Only with withInstitute=true. */
  institute?: { id: string; name: string; shortName: string } | null;
}
