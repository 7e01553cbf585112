// The patient list's chunk.
import type { Feature } from '../../app/feature';
import { patientsFeature } from './patients.feature';

export { PatientsPage as Component } from './PatientsPage';
export const features: readonly Feature[] = [patientsFeature];
