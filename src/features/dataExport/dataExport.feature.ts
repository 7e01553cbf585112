// The dataExport feature's state and saga, injected into the store by the routes that show it.
import type { Feature } from '../../app/feature';
import { dataExportSaga } from './dataExport.saga';
import { dataExportSlice } from './dataExport.slice';

export const dataExportFeature: Feature = { key: dataExportSlice.name, reducer: dataExportSlice.reducer, saga: dataExportSaga };
