// The users feature's state and saga, injected into the store by the routes that show it.
import type { Feature } from '../../app/feature';
import { usersSaga } from './users.saga';
import { usersSlice } from './users.slice';

export const usersFeature: Feature = { key: usersSlice.name, reducer: usersSlice.reducer, saga: usersSaga };
