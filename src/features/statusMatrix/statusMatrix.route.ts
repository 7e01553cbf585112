// The status matrix's chunk.
import type { Feature } from '../../app/feature';
import { statusMatrixFeature } from './statusMatrix.feature';

export { StatusMatrixPage as Component } from './StatusMatrixPage';
export const features: readonly Feature[] = [statusMatrixFeature];
