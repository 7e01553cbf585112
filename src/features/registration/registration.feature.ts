// The registration feature's state and saga, injected into the store by the routes that show it.
import type { Feature } from '../../app/feature';
import { registrationSaga } from './registration.saga';
import { registrationSlice } from './registration.slice';

export const registrationFeature: Feature = { key: registrationSlice.name, reducer: registrationSlice.reducer, saga: registrationSaga };
