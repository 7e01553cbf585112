// The data export page's chunk.
import type { Feature } from '../../app/feature';
import { dataExportFeature } from './dataExport.feature';

export { DataExportPage as Component } from './DataExportPage';
export const features: readonly Feature[] = [dataExportFeature];
