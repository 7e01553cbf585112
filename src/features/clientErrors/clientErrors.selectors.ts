import type { RootState } from '../../app/rootReducer';
import type { ClientErrorsState } from './clientErrors.slice';

export const selectClientErrors = (state: RootState): ClientErrorsState => state.clientErrors;
