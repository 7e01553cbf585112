// The users screens (spec business-data §2 "Users"): the grid, one user's details, the editor's
// create / save / delete, and the pickers' reference lists.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ErrorState } from '../../api/errors';
import type { DeleteOutcome, User, UserGroup, UserInput } from '../../api/users';
import { gridListReducers, initialGridList, type GridListState } from '../../common/dataGrid';

export interface Choice {
  id: string;
  label: string;
}

export type EditorStatus = 'idle' | 'saving' | 'saved' | 'failed';

export interface UsersState {
  list: GridListState<User>;
  detail: { id: string | null; user: User | null; loading: boolean; error: ErrorState | null };
  /** `savedId`: the user just created or saved; `outcome`: what a delete did. */
  editor: { status: EditorStatus; error: ErrorState | null; savedId: string | null; outcome: DeleteOutcome | 'activated' | 'deactivated' | null };
  references: { loaded: boolean; institutes: Choice[]; registries: Choice[]; groups: Choice[] };
}

const initialState: UsersState = {
  list: initialGridList<User>(),
  detail: { id: null, user: null, loading: false, error: null },
  editor: { status: 'idle', error: null, savedId: null, outcome: null },
  references: { loaded: false, institutes: [], registries: [], groups: [] },
};

export const usersSlice = createSlice({
  name: 'users',
  initialState,
  reducers: {
    ...gridListReducers<User>(),
    userRequested(state, action: PayloadAction<string>) {
      state.detail = { id: action.payload, user: state.detail.id === action.payload ? state.detail.user : null, loading: true, error: null };
    },
    userLoaded(state, action: PayloadAction<User>) {
      if (state.detail.id === action.payload.id) state.detail = { ...state.detail, user: action.payload, loading: false, error: null };
    },
    userFailed(state, action: PayloadAction<ErrorState>) {
      state.detail.loading = false;
      state.detail.error = action.payload;
    },
    referencesRequested() {},
    referencesLoaded(state, action: PayloadAction<{ institutes: Choice[]; registries: Choice[]; groups: Choice[] }>) {
      state.references = { ...action.payload, loaded: true };
    },
    createRequested(state, _action: PayloadAction<UserInput>) {
      state.editor = { ...initialState.editor, status: 'saving' };
    },
    updateRequested(state, _action: PayloadAction<{ id: string; user: UserInput }>) {
      state.editor = { ...initialState.editor, status: 'saving' };
    },
    /** Activation or deactivation from the details page: a PUT of the state alone. */
    stateChangeRequested(state, _action: PayloadAction<{ user: User; state: 'active' | 'inactive' }>) {
      state.editor = { ...initialState.editor, status: 'saving' };
    },
    deleteRequested(state, _action: PayloadAction<string>) {
      state.editor = { ...initialState.editor, status: 'saving' };
    },
    saved(state, action: PayloadAction<{ id: string; outcome?: UsersState['editor']['outcome'] }>) {
      state.editor = { status: 'saved', error: null, savedId: action.payload.id, outcome: action.payload.outcome ?? null };
    },
    saveFailed(state, action: PayloadAction<ErrorState>) {
      state.editor = { ...initialState.editor, status: 'failed', error: action.payload };
    },
    editorReset(state) {
      state.editor = initialState.editor;
    },
    signedOut() {
      return initialState;
    },
  },
});

export const usersActions = usersSlice.actions;

/** Group choices from the groups list answer. */
export function groupChoices(groups: readonly UserGroup[]): Choice[] {
  return groups.map((group) => ({ id: group.id, label: group.name }));
}
