// The adminDashboard feature's state and saga, injected into the store by the routes that show it.
import type { Feature } from '../../app/feature';
import { adminDashboardSaga } from './adminDashboard.saga';
import { adminDashboardSlice } from './adminDashboard.slice';

export const adminDashboardFeature: Feature = { key: adminDashboardSlice.name, reducer: adminDashboardSlice.reducer, saga: adminDashboardSaga };
