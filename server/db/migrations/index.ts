// Every migration, imported explicitly: no folder scanning, so tsx, jest and a bundler all see the
// same list. Names sort in the order they run; never rename or edit one that has shipped.
import type { Migration } from 'kysely';
import { foundation } from './0001_foundation';
import { auth } from './0002_auth';
import { registries } from './0003_registries';
import { clinical } from './0004_clinical';
import { formFiles } from './0005_form_files';
import { recordAnchors } from './0006_record_anchors';
import { mailThrottle } from './0007_mail_throttle';
import { registryPeriods } from './0008_registry_periods';
import { statusMatrix } from './0009_status_matrix';
import { fixLocks } from './0010_fix_locks';
import { adminJobs } from './0011_admin_jobs';
import { exportOrder } from './0012_export_order';
import { jobs } from './0013_jobs';
import { scaleQueries } from './0014_scale_queries';
import { dailyJobs } from './0015_daily_jobs';
import { periodDueMonths } from './0016_period_due_months';
import { biobank } from './0017_biobank';
import { importJobs } from './0018_import_jobs';
import { scaleLists } from './0019_scale_lists';
import { scaleCounts } from './0020_scale_counts';
import { patientRegistryOrder } from './0021_patient_registry_order';
import { patientNameTrigrams } from './0022_patient_name_trigrams';
import { patientNameOrder } from './0023_patient_name_order';
import { applicationLogOrder } from './0024_application_log_order';
import { matrixSorts } from './0025_matrix_sorts';
import { patientNumberTrigrams } from './0026_patient_number_trigrams';
import { patientNumberOrder } from './0027_patient_number_order';
import { registryNumberOrder } from './0028_registry_number_order';
import { attendanceFormStates } from './0029_attendance_form_states';
import { visitIdTrigrams } from './0030_visit_id_trigrams';
import { patientGenderCounts } from './0031_patient_gender_counts';
import { patientScopeNumberOrder } from './0032_patient_scope_number_order';
import { attendanceStateCounts } from './0033_attendance_state_counts';
import { bioSampleScale } from './0034_bio_sample_scale';
import { bioSampleSearch } from './0035_bio_sample_search';
import { matrixWalkVisitIds } from './0036_matrix_walk_visit_ids';
import { matrixInstituteWalkVisitIds } from './0037_matrix_institute_walk_visit_ids';
import { visitIdInstituteTrigrams } from './0038_visit_id_institute_trigrams';
import { visitIdSearchKeys } from './0039_visit_id_search_keys';
import { patientNameTrigramKeys } from './0040_patient_name_trigram_keys';
import { visitIdQuadgrams } from './0041_visit_id_quadgrams';

export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '0001_foundation': foundation,
  '0002_auth': auth,
  '0003_registries': registries,
  '0004_clinical': clinical,
  '0005_form_files': formFiles,
  '0006_record_anchors': recordAnchors,
  '0007_mail_throttle': mailThrottle,
  '0008_registry_periods': registryPeriods,
  '0009_status_matrix': statusMatrix,
  '0010_fix_locks': fixLocks,
  '0011_admin_jobs': adminJobs,
  '0012_export_order': exportOrder,
  '0013_jobs': jobs,
  '0014_scale_queries': scaleQueries,
  '0015_daily_jobs': dailyJobs,
  '0016_period_due_months': periodDueMonths,
  '0017_biobank': biobank,
  '0018_import_jobs': importJobs,
  '0019_scale_lists': scaleLists,
  '0020_scale_counts': scaleCounts,
  '0021_patient_registry_order': patientRegistryOrder,
  '0022_patient_name_trigrams': patientNameTrigrams,
  '0023_patient_name_order': patientNameOrder,
  '0024_application_log_order': applicationLogOrder,
  '0025_matrix_sorts': matrixSorts,
  '0026_patient_number_trigrams': patientNumberTrigrams,
  '0027_patient_number_order': patientNumberOrder,
  '0028_registry_number_order': registryNumberOrder,
  '0029_attendance_form_states': attendanceFormStates,
  '0030_visit_id_trigrams': visitIdTrigrams,
  '0031_patient_gender_counts': patientGenderCounts,
  '0032_patient_scope_number_order': patientScopeNumberOrder,
  '0033_attendance_state_counts': attendanceStateCounts,
  '0034_bio_sample_scale': bioSampleScale,
  '0035_bio_sample_search': bioSampleSearch,
  '0036_matrix_walk_visit_ids': matrixWalkVisitIds,
  '0037_matrix_institute_walk_visit_ids': matrixInstituteWalkVisitIds,
  '0038_visit_id_institute_trigrams': visitIdInstituteTrigrams,
  '0039_visit_id_search_keys': visitIdSearchKeys,
  '0040_patient_name_trigram_keys': patientNameTrigramKeys,
  '0041_visit_id_quadgrams': visitIdQuadgrams,
};
