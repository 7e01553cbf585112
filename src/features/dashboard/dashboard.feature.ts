// The dashboard feature's state and saga, injected into the store by the routes that show it.
import type { Feature } from '../../app/feature';
import { dashboardSaga } from './dashboard.saga';
import { dashboardSlice } from './dashboard.slice';

export const dashboardFeature: Feature = { key: dashboardSlice.name, reducer: dashboardSlice.reducer, saga: dashboardSaga };
