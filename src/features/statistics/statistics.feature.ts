// The statistics feature's state and saga, injected into the store by the route that shows it.
import type { Feature } from '../../app/feature';
import { statisticsSaga } from './statistics.saga';
import { statisticsSlice } from './statistics.slice';

export const statisticsFeature: Feature = { key: statisticsSlice.name, reducer: statisticsSlice.reducer, saga: statisticsSaga };
