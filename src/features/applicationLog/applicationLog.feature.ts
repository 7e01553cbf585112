// The applicationLog feature's state and saga, injected into the store by the routes that show it.
import type { Feature } from '../../app/feature';
import { applicationLogSaga } from './applicationLog.saga';
import { applicationLogSlice } from './applicationLog.slice';

export const applicationLogFeature: Feature = { key: applicationLogSlice.name, reducer: applicationLogSlice.reducer, saga: applicationLogSaga };
