// The patients feature's state and saga, injected into the store by the routes that show it.
import type { Feature } from '../../app/feature';
import { patientsSaga } from './patients.saga';
import { patientsSlice } from './patients.slice';

export const patientsFeature: Feature = { key: patientsSlice.name, reducer: patientsSlice.reducer, saga: patientsSaga };
