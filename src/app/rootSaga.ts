// Feature sagas first, so their watchers are listening before startup puts its first actions.
import { accessListsSaga } from '../features/accessLists/accessLists.saga';
import { all, fork } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { adminDashboardSaga } from '../features/admin/adminDashboard.saga';
import { attendancesSaga } from '../features/attendances/attendances.saga';
import { biobankSaga } from '../features/biobank/biobank.saga';
import { authSaga } from '../features/auth/auth.saga';
import { clientErrorsSaga } from '../features/clientErrors/clientErrors.saga';
import { dashboardSaga } from '../features/dashboard/dashboard.saga';
import { formListsSaga } from '../features/forms/formLists.saga';
import { statusMatrixSaga } from '../features/statusMatrix/statusMatrix.saga';
import { formPageSaga } from '../features/formPage/formPage.saga';
import { applicationLogSaga } from '../features/applicationLog/applicationLog.saga';
import { groupsSaga } from '../features/groups/groups.saga';
import { dataExportSaga } from '../features/dataExport/dataExport.saga';
import { mailingListSaga } from '../features/mailingList/mailingList.saga';
import { impersonationSaga } from '../features/impersonation/impersonation.saga';
import { institutesSaga } from '../features/institutes/institutes.saga';
import { formTypesSaga } from '../features/formTypes/formTypes.saga';
import { localeSaga } from '../features/locale/locale.saga';
import { mfaSaga } from '../features/mfa/mfa.saga';
import { passwordResetSaga } from '../features/passwordReset/passwordReset.saga';
import { patientsSaga } from '../features/patients/patients.saga';
import { profileSaga } from '../features/profile/profile.saga';
import { registrationSaga } from '../features/registration/registration.saga';
import { usersSaga } from '../features/users/users.saga';
import { startupSaga } from './startup/startup.saga';

export function* rootSaga(): SagaIterator {
  yield all([fork(authSaga), fork(localeSaga), fork(clientErrorsSaga), fork(mfaSaga), fork(passwordResetSaga), fork(profileSaga), fork(registrationSaga), fork(dashboardSaga), fork(patientsSaga), fork(attendancesSaga), fork(formListsSaga), fork(formPageSaga), fork(statusMatrixSaga), fork(usersSaga), fork(groupsSaga), fork(applicationLogSaga), fork(mailingListSaga), fork(dataExportSaga), fork(biobankSaga), fork(accessListsSaga), fork(adminDashboardSaga), fork(impersonationSaga), fork(institutesSaga), fork(formTypesSaga), fork(startupSaga)]);
}
