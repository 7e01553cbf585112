// Acting as another user (spec §4): the candidates of the "Act as" page, and the start and exit
// calls. Who is impersonating is not kept here: the client configuration's user carries the real
// user (`impersonator`) for as long as the server says so, also after a reload.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ImpersonationCandidate } from '../../api/impersonation';
import type { ErrorState } from '../../api/errors';

export type ImpersonationStatus = 'idle' | 'starting' | 'started' | 'exiting' | 'exited' | 'failed';

export interface ImpersonationState {
  candidates: { search: string; items: ImpersonationCandidate[]; loading: boolean; error: ErrorState | null };
  status: ImpersonationStatus;
  error: ErrorState | null;
}

const initialState: ImpersonationState = {
  candidates: { search: '', items: [], loading: false, error: null },
  status: 'idle',
  error: null,
};

export const impersonationSlice = createSlice({
  name: 'impersonation',
  initialState,
  reducers: {
    candidatesRequested(state, action: PayloadAction<{ search: string }>) {
      state.candidates = { ...state.candidates, search: action.payload.search, loading: true, error: null };
    },
    candidatesLoaded(state, action: PayloadAction<{ search: string; items: ImpersonationCandidate[] }>) {
      // A late answer of an older search does not replace the newer one's.
      if (action.payload.search !== state.candidates.search) return;
      state.candidates = { ...state.candidates, items: action.payload.items, loading: false };
    },
    candidatesFailed(state, action: PayloadAction<ErrorState>) {
      state.candidates = { ...state.candidates, loading: false, error: action.payload };
    },
    startRequested(state, _action: PayloadAction<{ userId: string }>) {
      state.status = 'starting';
      state.error = null;
    },
    started(state) {
      state.status = 'started';
    },
    exitRequested(state) {
      state.status = 'exiting';
      state.error = null;
    },
    exited(state) {
      state.status = 'exited';
    },
    failed(state, action: PayloadAction<ErrorState>) {
      state.status = 'failed';
      state.error = action.payload;
    },
    /** The screen that showed the outcome has moved on. */
    settled(state) {
      state.status = 'idle';
      state.error = null;
    },
  },
});

export const impersonationActions = impersonationSlice.actions;
