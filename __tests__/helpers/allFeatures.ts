// Every feature a route injects, for tests that render a page without its route: their store
// holds every slice and runs every saga from the start, as the whole app's store once did.
import type { Feature } from '../../src/app/feature';
import { accessListsFeature } from '../../src/features/accessLists/accessLists.feature';
import { adminDashboardFeature } from '../../src/features/admin/adminDashboard.feature';
import { applicationLogFeature } from '../../src/features/applicationLog/applicationLog.feature';
import { attendancesFeature } from '../../src/features/attendances/attendances.feature';
import { biobankFeature } from '../../src/features/biobank/biobank.feature';
import { dashboardFeature } from '../../src/features/dashboard/dashboard.feature';
import { dataExportFeature } from '../../src/features/dataExport/dataExport.feature';
import { dataImportFeature } from '../../src/features/dataImport/dataImport.feature';
import { formPageFeature } from '../../src/features/formPage/formPage.feature';
import { formTypesFeature } from '../../src/features/formTypes/formTypes.feature';
import { formListsFeature } from '../../src/features/forms/formLists.feature';
import { groupsFeature } from '../../src/features/groups/groups.feature';
import { impersonationFeature } from '../../src/features/impersonation/impersonation.feature';
import { institutesFeature } from '../../src/features/institutes/institutes.feature';
import { mailingListFeature } from '../../src/features/mailingList/mailingList.feature';
import { mfaFeature } from '../../src/features/mfa/mfa.feature';
import { passwordResetFeature } from '../../src/features/passwordReset/passwordReset.feature';
import { patientsFeature } from '../../src/features/patients/patients.feature';
import { registrationFeature } from '../../src/features/registration/registration.feature';
import { statisticsFeature } from '../../src/features/statistics/statistics.feature';
import { statusMatrixFeature } from '../../src/features/statusMatrix/statusMatrix.feature';
import { usersFeature } from '../../src/features/users/users.feature';

export const ALL_FEATURES: readonly Feature[] = [
  accessListsFeature,
  adminDashboardFeature,
  applicationLogFeature,
  attendancesFeature,
  biobankFeature,
  dashboardFeature,
  dataExportFeature,
  dataImportFeature,
  formListsFeature,
  formPageFeature,
  formTypesFeature,
  groupsFeature,
  impersonationFeature,
  institutesFeature,
  mailingListFeature,
  mfaFeature,
  passwordResetFeature,
  patientsFeature,
  registrationFeature,
  statisticsFeature,
  statusMatrixFeature,
  usersFeature,
];
