// The mailingList feature's state and saga, injected into the store by the routes that show it.
import type { Feature } from '../../app/feature';
import { mailingListSaga } from './mailingList.saga';
import { mailingListSlice } from './mailingList.slice';

export const mailingListFeature: Feature = { key: mailingListSlice.name, reducer: mailingListSlice.reducer, saga: mailingListSaga };
