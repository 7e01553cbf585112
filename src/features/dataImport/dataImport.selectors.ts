// Reads of the data import screens' state.
import type { RootState } from '../../app/rootReducer';
import type { DataImportState } from './dataImport.slice';

export const selectDataImport = (state: RootState): DataImportState => state.dataImport;
