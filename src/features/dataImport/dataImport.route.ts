// The data import pages' chunk: a new job, the job list and one job's report.
import type { Feature } from '../../app/feature';
import { dataImportFeature } from './dataImport.feature';
import { ImportJobPage } from './ImportJobPage';
import { ImportJobsPage } from './ImportJobsPage';
import { NewImportJobPage } from './NewImportJobPage';

const features: readonly Feature[] = [dataImportFeature];
export const newJobRoute = { Component: NewImportJobPage, features };
export const jobsRoute = { Component: ImportJobsPage, features };
export const jobRoute = { Component: ImportJobPage, features };
