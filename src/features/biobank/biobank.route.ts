// The biobank pages' chunk: sample lists (institute and central), a sample, a new sample, labels,
// and a patient's samples.
import type { Feature } from '../../app/feature';
import { biobankFeature } from './biobank.feature';
import { BiobankListPage, CentralBiobankPage } from './BiobankListPage';
import { LabelsPage } from './LabelsPage';
import { NewSamplePage } from './NewSamplePage';
import { PatientSamplesPage } from './PatientSamplesPage';
import { CentralSamplePage, SamplePage } from './SamplePage';

const features: readonly Feature[] = [biobankFeature];
export const listRoute = { Component: BiobankListPage, features };
export const centralListRoute = { Component: CentralBiobankPage, features };
export const newSampleRoute = { Component: NewSamplePage, features };
export const labelsRoute = { Component: LabelsPage, features };
export const sampleRoute = { Component: SamplePage, features };
export const centralSampleRoute = { Component: CentralSamplePage, features };
export const patientSamplesRoute = { Component: PatientSamplesPage, features };
