// The reducers every page needs from the start (DESIGN §3.5): sign-in, language, startup
// configuration, crash reports and the profile (its preferred language applies at sign-in).
// Every other feature's slice is injected by the routes that show it (store.injectFeature,
// docs/decisions.md "Route-split store"); RootState still names them all, so a selector is typed
// the same whether its slice is injected yet or not (a route injects before its page renders).
import type { Reducer } from '@reduxjs/toolkit';
import type { accessListsSlice } from '../features/accessLists/accessLists.slice';
import type { adminDashboardSlice } from '../features/admin/adminDashboard.slice';
import type { applicationLogSlice } from '../features/applicationLog/applicationLog.slice';
import type { attendancesSlice } from '../features/attendances/attendances.slice';
import { authSlice } from '../features/auth/auth.slice';
import { clientErrorsSlice } from '../features/clientErrors/clientErrors.slice';
import type { biobankSlice } from '../features/biobank/biobank.slice';
import type { dashboardSlice } from '../features/dashboard/dashboard.slice';
import type { dataImportSlice } from '../features/dataImport/dataImport.slice';
import type { dataExportSlice } from '../features/dataExport/dataExport.slice';
import type { formPageSlice } from '../features/formPage/formPage.slice';
import type { formTypesSlice } from '../features/formTypes/formTypes.slice';
import type { formListsSlice } from '../features/forms/formLists.slice';
import type { groupsSlice } from '../features/groups/groups.slice';
import type { impersonationSlice } from '../features/impersonation/impersonation.slice';
import type { institutesSlice } from '../features/institutes/institutes.slice';
import { localeSlice } from '../features/locale/locale.slice';
import type { mailingListSlice } from '../features/mailingList/mailingList.slice';
import type { mfaSlice } from '../features/mfa/mfaSetup.slice';
import type { passwordResetSlice } from '../features/passwordReset/passwordReset.slice';
import type { patientsSlice } from '../features/patients/patients.slice';
import { profileSlice } from '../features/profile/profile.slice';
import type { registrationSlice } from '../features/registration/registration.slice';
import type { statisticsSlice } from '../features/statistics/statistics.slice';
import type { statusMatrixSlice } from '../features/statusMatrix/statusMatrix.slice';
import type { usersSlice } from '../features/users/users.slice';
import { clientConfigurationSlice } from './startup/clientConfiguration.slice';

export const coreReducers = {
  [authSlice.name]: authSlice.reducer,
  [clientConfigurationSlice.name]: clientConfigurationSlice.reducer,
  [clientErrorsSlice.name]: clientErrorsSlice.reducer,
  [localeSlice.name]: localeSlice.reducer,
  [profileSlice.name]: profileSlice.reducer,
};

type StateOf<S extends { reducer: Reducer }> = ReturnType<S['reducer']>;
type CoreState = { [K in keyof typeof coreReducers]: ReturnType<(typeof coreReducers)[K]> };

/** The slices routes inject (store.injectFeature). */
export interface InjectedState {
  accessLists: StateOf<typeof accessListsSlice>;
  adminDashboard: StateOf<typeof adminDashboardSlice>;
  applicationLog: StateOf<typeof applicationLogSlice>;
  attendances: StateOf<typeof attendancesSlice>;
  biobank: StateOf<typeof biobankSlice>;
  dashboard: StateOf<typeof dashboardSlice>;
  dataExport: StateOf<typeof dataExportSlice>;
  dataImport: StateOf<typeof dataImportSlice>;
  formLists: StateOf<typeof formListsSlice>;
  formPage: StateOf<typeof formPageSlice>;
  formTypes: StateOf<typeof formTypesSlice>;
  groups: StateOf<typeof groupsSlice>;
  impersonation: StateOf<typeof impersonationSlice>;
  institutes: StateOf<typeof institutesSlice>;
  mailingList: StateOf<typeof mailingListSlice>;
  mfa: StateOf<typeof mfaSlice>;
  passwordReset: StateOf<typeof passwordResetSlice>;
  patients: StateOf<typeof patientsSlice>;
  registration: StateOf<typeof registrationSlice>;
  statistics: StateOf<typeof statisticsSlice>;
  statusMatrix: StateOf<typeof statusMatrixSlice>;
  users: StateOf<typeof usersSlice>;
}

export type RootState = CoreState & InjectedState;
