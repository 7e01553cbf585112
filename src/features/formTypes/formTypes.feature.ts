// The formTypes feature's state and saga, injected into the store by the routes that show it.
import type { Feature } from '../../app/feature';
import { formTypesSaga } from './formTypes.saga';
import { formTypesSlice } from './formTypes.slice';

export const formTypesFeature: Feature = { key: formTypesSlice.name, reducer: formTypesSlice.reducer, saga: formTypesSaga };
