import type { RootState } from '../../app/rootReducer';
import type { StatusMatrixState } from './statusMatrix.slice';

export const selectStatusMatrix = (state: RootState): StatusMatrixState => state.statusMatrix;
export const selectMatrixRegistries = (state: RootState): StatusMatrixState['registries'] => state.statusMatrix.registries;
