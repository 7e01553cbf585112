// The institutes feature's state and saga, injected into the store by the routes that show it.
import type { Feature } from '../../app/feature';
import { institutesSaga } from './institutes.saga';
import { institutesSlice } from './institutes.slice';

export const institutesFeature: Feature = { key: institutesSlice.name, reducer: institutesSlice.reducer, saga: institutesSaga };
