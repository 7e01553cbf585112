// The dashboard's chunk: its cards show form counts (form lists) and start attendances
// (patients, attendances); biobank users get the institute biobank card.
import type { Feature } from '../../app/feature';
import { attendancesFeature } from '../attendances/attendances.feature';
import { biobankFeature } from '../biobank/biobank.feature';
import { formListsFeature } from '../forms/formLists.feature';
import { patientsFeature } from '../patients/patients.feature';
import { dashboardFeature } from './dashboard.feature';

export { DashboardPage as Component } from './DashboardPage';
export const features: readonly Feature[] = [dashboardFeature, formListsFeature, patientsFeature, attendancesFeature, biobankFeature];
