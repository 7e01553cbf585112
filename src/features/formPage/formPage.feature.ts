// The formPage feature's state and saga, injected into the store by the routes that show it.
import type { Feature } from '../../app/feature';
import { formPageSaga } from './formPage.saga';
import { formPageSlice } from './formPage.slice';

export const formPageFeature: Feature = { key: formPageSlice.name, reducer: formPageSlice.reducer, saga: formPageSaga };
