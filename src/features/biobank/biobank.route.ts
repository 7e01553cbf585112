// The biobank pages' chunk: sample lists (institute and central), a sample, a new sample, labels,
// and a patient's samples. The patients feature comes along: the list's filter bar and the institute
// new-sample form use the patient selector, whose search lives there (a page opened directly, e.g.
// after a reload, has no other route that would have injected it).
import type { Feature } from '../../app/feature';
import { patientsFeature } from '../patients/patients.feature';
import { biobankFeature } from './biobank.feature';
import { BiobankListPage, CentralBiobankPage } from './BiobankListPage';
import { LabelsPage } from './LabelsPage';
import { NewSamplePage } from './NewSamplePage';
import { PatientSamplesPage } from './PatientSamplesPage';
import { CentralSamplePage, SamplePage } from './SamplePage';

const features: readonly Feature[] = [biobankFeature, patientsFeature];
export const listRoute = { Component: BiobankListPage, features };
export const centralListRoute = { Component: CentralBiobankPage, features };
export const newSampleRoute = { Component: NewSamplePage, features };
export const labelsRoute = { Component: LabelsPage, features };
export const sampleRoute = { Component: SamplePage, features };
export const centralSampleRoute = { Component: CentralSamplePage, features };
export const patientSamplesRoute = { Component: PatientSamplesPage, features };
