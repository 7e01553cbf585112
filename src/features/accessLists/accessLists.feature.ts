// The accessLists feature's state and saga, injected into the store by the routes that show it.
import type { Feature } from '../../app/feature';
import { accessListsSaga } from './accessLists.saga';
import { accessListsSlice } from './accessLists.slice';

export const accessListsFeature: Feature = { key: accessListsSlice.name, reducer: accessListsSlice.reducer, saga: accessListsSaga };
