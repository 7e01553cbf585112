// The user-groups screens (spec business-data §2 "User groups"): the grid, the group being edited
// with its members, the member search, and the editor's save and delete.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ErrorState } from '../../api/errors';
import type { GroupInput, GroupMember, UserGroup } from '../../api/users';
import { gridListReducers, initialGridList, type GridListState } from '../../common/dataGrid';

export type GroupEditorStatus = 'idle' | 'saving' | 'saved' | 'deleted' | 'failed';

export interface GroupsState {
  list: GridListState<UserGroup>;
  detail: { id: string | null; group: UserGroup | null; error: ErrorState | null };
  search: { term: string; items: GroupMember[]; loading: boolean };
  editor: { status: GroupEditorStatus; error: ErrorState | null };
}

const initialState: GroupsState = {
  list: initialGridList<UserGroup>(),
  detail: { id: null, group: null, error: null },
  search: { term: '', items: [], loading: false },
  editor: { status: 'idle', error: null },
};

export const groupsSlice = createSlice({
  name: 'groups',
  initialState,
  reducers: {
    ...gridListReducers<UserGroup>(),
    groupRequested(state, action: PayloadAction<string>) {
      state.detail = { id: action.payload, group: null, error: null };
    },
    groupLoaded(state, action: PayloadAction<UserGroup>) {
      if (state.detail.id === action.payload.id) state.detail.group = action.payload;
    },
    groupFailed(state, action: PayloadAction<ErrorState>) {
      state.detail.error = action.payload;
    },
    memberSearchChanged(state, action: PayloadAction<string>) {
      state.search = { term: action.payload, items: action.payload.trim() === '' ? [] : state.search.items, loading: action.payload.trim() !== '' };
    },
    memberSearchLoaded(state, action: PayloadAction<GroupMember[]>) {
      state.search.items = action.payload;
      state.search.loading = false;
    },
    createRequested(state, _action: PayloadAction<GroupInput>) {
      state.editor = { status: 'saving', error: null };
    },
    updateRequested(state, _action: PayloadAction<{ id: string; group: GroupInput }>) {
      state.editor = { status: 'saving', error: null };
    },
    deleteRequested(state, _action: PayloadAction<string>) {
      state.editor = { status: 'saving', error: null };
    },
    saved(state) {
      state.editor = { status: 'saved', error: null };
    },
    deleted(state) {
      state.editor = { status: 'deleted', error: null };
    },
    saveFailed(state, action: PayloadAction<ErrorState>) {
      state.editor = { status: 'failed', error: action.payload };
    },
    editorReset(state) {
      state.editor = initialState.editor;
      state.search = initialState.search;
    },
    signedOut() {
      return initialState;
    },
  },
});

export const groupsActions = groupsSlice.actions;
