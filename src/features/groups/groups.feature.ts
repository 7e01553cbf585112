// The groups feature's state and saga, injected into the store by the routes that show it.
import type { Feature } from '../../app/feature';
import { groupsSaga } from './groups.saga';
import { groupsSlice } from './groups.slice';

export const groupsFeature: Feature = { key: groupsSlice.name, reducer: groupsSlice.reducer, saga: groupsSaga };
