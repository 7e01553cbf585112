// The statusMatrix feature's state and saga, injected into the store by the routes that show it.
import type { Feature } from '../../app/feature';
import { statusMatrixSaga } from './statusMatrix.saga';
import { statusMatrixSlice } from './statusMatrix.slice';

export const statusMatrixFeature: Feature = { key: statusMatrixSlice.name, reducer: statusMatrixSlice.reducer, saga: statusMatrixSaga };
