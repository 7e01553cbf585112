// The attendances feature's state and saga, injected into the store by the routes that show it.
import type { Feature } from '../../app/feature';
import { attendancesSaga } from './attendances.saga';
import { attendancesSlice } from './attendances.slice';

export const attendancesFeature: Feature = { key: attendancesSlice.name, reducer: attendancesSlice.reducer, saga: attendancesSaga };
