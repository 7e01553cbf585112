// Which parts of the dashboard a user gets, from their roles: the clinical cards only for those who
// work with patients, each to-do list only for those who work on it, and for roles whose screens
// are not built yet a card saying what they can do and whom to ask (never a blank page).
import { APPROVER_ROLES, ADMIN_AREA_ROLES, CORRECTOR_ROLES, PATIENT_ROLES } from '../../app/navigation';
import { hasAnyRole, type Role } from '../../domain/permissions/roles';

/** Who gets the institute biobank card (counts by state, samples awaiting a position). */
export const BIOBANK_CARD_ROLES: readonly Role[] = ['biobank_admin'];

/** Roles of spec §6 whose work is outside the clinical cards: the card says where their screens are, or that they come later. */
export const ROLES_WITHOUT_SCREENS: readonly Role[] = ['active_substance_admin', 'data_exporter', 'data_importer'];

export interface DashboardPlan {
  /** The attendance-list card (the start card also needs a registry where forms may be created). */
  patientWork: boolean;
  todo: { approvable: boolean; correctable: boolean };
  /** The institute biobank card. */
  biobank: boolean;
  /** The user's roles that have no screen yet, in the order of ROLES_WITHOUT_SCREENS. */
  waitingRoles: Role[];
  /** No screen for any of the user's roles: the "what you can do here" card. */
  noScreens: boolean;
}

export function dashboardPlan(roles: readonly string[]): DashboardPlan {
  const patientWork = hasAnyRole(roles, PATIENT_ROLES);
  const biobank = hasAnyRole(roles, BIOBANK_CARD_ROLES);
  return {
    biobank,
    patientWork,
    todo: { approvable: hasAnyRole(roles, APPROVER_ROLES), correctable: hasAnyRole(roles, CORRECTOR_ROLES) },
    waitingRoles: ROLES_WITHOUT_SCREENS.filter((role) => roles.includes(role)),
    noScreens: !patientWork && !biobank && !hasAnyRole(roles, ADMIN_AREA_ROLES),
  };
}
