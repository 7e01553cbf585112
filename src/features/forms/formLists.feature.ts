// The formLists feature's state and saga, injected into the store by the routes that show it.
import type { Feature } from '../../app/feature';
import { formListsSaga } from './formLists.saga';
import { formListsSlice } from './formLists.slice';

export const formListsFeature: Feature = { key: formListsSlice.name, reducer: formListsSlice.reducer, saga: formListsSaga };
