// The statistics page's chunk (its charts library included).
import type { Feature } from '../../app/feature';
import { statisticsFeature } from './statistics.feature';

export { StatisticsPage as Component } from './StatisticsPage';
export const features: readonly Feature[] = [statisticsFeature];
