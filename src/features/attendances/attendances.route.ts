// A patient's attendances: the page reads the patient from the patients feature.
import type { Feature } from '../../app/feature';
import { patientsFeature } from '../patients/patients.feature';
import { attendancesFeature } from './attendances.feature';

export { AttendanceListPage as Component } from './AttendanceListPage';
export const features: readonly Feature[] = [attendancesFeature, patientsFeature];
