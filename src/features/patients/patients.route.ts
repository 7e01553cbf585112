// The patient list's chunk (its sample counts link to the biobank).
import type { Feature } from '../../app/feature';
import { biobankFeature } from '../biobank/biobank.feature';
import { patientsFeature } from './patients.feature';

export { PatientsPage as Component } from './PatientsPage';
export const features: readonly Feature[] = [patientsFeature, biobankFeature];
