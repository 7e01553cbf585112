// The mfa feature's state and saga, injected into the store by the routes that show it.
import type { Feature } from '../../app/feature';
import { mfaSaga } from './mfa.saga';
import { mfaSlice } from './mfaSetup.slice';

export const mfaFeature: Feature = { key: mfaSlice.name, reducer: mfaSlice.reducer, saga: mfaSaga };
