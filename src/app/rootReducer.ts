// The one fixed root reducer; RootState is inferred from it (DESIGN §3.5).
import { accessListsSlice } from '../features/accessLists/accessLists.slice';
import { combineReducers } from '@reduxjs/toolkit';
import { adminDashboardSlice } from '../features/admin/adminDashboard.slice';
import { attendancesSlice } from '../features/attendances/attendances.slice';
import { biobankSlice } from '../features/biobank/biobank.slice';
import { authSlice } from '../features/auth/auth.slice';
import { clientErrorsSlice } from '../features/clientErrors/clientErrors.slice';
import { dashboardSlice } from '../features/dashboard/dashboard.slice';
import { formListsSlice } from '../features/forms/formLists.slice';
import { applicationLogSlice } from '../features/applicationLog/applicationLog.slice';
import { groupsSlice } from '../features/groups/groups.slice';
import { dataExportSlice } from '../features/dataExport/dataExport.slice';
import { mailingListSlice } from '../features/mailingList/mailingList.slice';
import { formPageSlice } from '../features/formPage/formPage.slice';
import { impersonationSlice } from '../features/impersonation/impersonation.slice';
import { institutesSlice } from '../features/institutes/institutes.slice';
import { formTypesSlice } from '../features/formTypes/formTypes.slice';
import { localeSlice } from '../features/locale/locale.slice';
import { mfaSlice } from '../features/mfa/mfaSetup.slice';
import { passwordResetSlice } from '../features/passwordReset/passwordReset.slice';
import { patientsSlice } from '../features/patients/patients.slice';
import { profileSlice } from '../features/profile/profile.slice';
import { registrationSlice } from '../features/registration/registration.slice';
import { statusMatrixSlice } from '../features/statusMatrix/statusMatrix.slice';
import { usersSlice } from '../features/users/users.slice';
import { clientConfigurationSlice } from './startup/clientConfiguration.slice';

export const rootReducer = combineReducers({
  [adminDashboardSlice.name]: adminDashboardSlice.reducer,
  [attendancesSlice.name]: attendancesSlice.reducer,
  [authSlice.name]: authSlice.reducer,
  [biobankSlice.name]: biobankSlice.reducer,
  [clientConfigurationSlice.name]: clientConfigurationSlice.reducer,
  [clientErrorsSlice.name]: clientErrorsSlice.reducer,
  [dashboardSlice.name]: dashboardSlice.reducer,
  [formListsSlice.name]: formListsSlice.reducer,
  [formPageSlice.name]: formPageSlice.reducer,
  [groupsSlice.name]: groupsSlice.reducer,
  [applicationLogSlice.name]: applicationLogSlice.reducer,
  [mailingListSlice.name]: mailingListSlice.reducer,
  [dataExportSlice.name]: dataExportSlice.reducer,
  [accessListsSlice.name]: accessListsSlice.reducer,
  [impersonationSlice.name]: impersonationSlice.reducer,
  [institutesSlice.name]: institutesSlice.reducer,
  [formTypesSlice.name]: formTypesSlice.reducer,
  [localeSlice.name]: localeSlice.reducer,
  [mfaSlice.name]: mfaSlice.reducer,
  [passwordResetSlice.name]: passwordResetSlice.reducer,
  [patientsSlice.name]: patientsSlice.reducer,
  [profileSlice.name]: profileSlice.reducer,
  [registrationSlice.name]: registrationSlice.reducer,
  [statusMatrixSlice.name]: statusMatrixSlice.reducer,
  [usersSlice.name]: usersSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;
