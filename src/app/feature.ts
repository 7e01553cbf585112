// A feature the store takes in when a route that shows it loads (docs/decisions.md, "Route-split
// store"): its slice's reducer under its key, and the saga that serves its actions.
import type { Reducer } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';

export interface Feature {
  /** The slice's name: its key in the state. */
  key: string;
  reducer: Reducer;
  saga?: () => SagaIterator;
}

/** What a route needs of the store: somewhere to inject its features. */
export interface FeatureStore {
  injectFeature: (feature: Feature) => void;
}
