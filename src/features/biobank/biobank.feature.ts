// The biobank feature's state and sagas (lists, one sample), injected by the routes that show
// samples: the biobank pages, and the dashboard card, form panel and patient count elsewhere.
import type { Feature } from '../../app/feature';
import { biobankSaga } from './biobank.saga';
import { biobankSlice } from './biobank.slice';

export const biobankFeature: Feature = { key: biobankSlice.name, reducer: biobankSlice.reducer, saga: biobankSaga };
