// The passwordReset feature's state and saga, injected into the store by the routes that show it.
import type { Feature } from '../../app/feature';
import { passwordResetSaga } from './passwordReset.saga';
import { passwordResetSlice } from './passwordReset.slice';

export const passwordResetFeature: Feature = { key: passwordResetSlice.name, reducer: passwordResetSlice.reducer, saga: passwordResetSaga };
