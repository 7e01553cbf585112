import type { RootState } from '../../app/rootReducer';
import type { FormPageState } from './formPage.slice';

export const selectFormPage = (state: RootState): FormPageState => state.formPage;
export const selectFormHistory = (state: RootState): FormPageState['history'] => state.formPage.history;
