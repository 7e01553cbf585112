// The impersonation feature's state and saga, injected into the store by the routes that show it.
import type { Feature } from '../../app/feature';
import { impersonationSaga } from './impersonation.saga';
import { impersonationSlice } from './impersonation.slice';

export const impersonationFeature: Feature = { key: impersonationSlice.name, reducer: impersonationSlice.reducer, saga: impersonationSaga };
