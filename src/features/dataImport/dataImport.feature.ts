// The dataImport feature's state and saga, injected into the store by the routes that show it.
import type { Feature } from '../../app/feature';
import { dataImportSaga } from './dataImport.saga';
import { dataImportSlice } from './dataImport.slice';

export const dataImportFeature: Feature = { key: dataImportSlice.name, reducer: dataImportSlice.reducer, saga: dataImportSaga };
