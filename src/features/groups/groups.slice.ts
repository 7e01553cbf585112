// The user-groups screens (spec business-data §2 "User groups"): the grid, the group being edited
// with its members, the member search, and the editor's save and delete.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ErrorState } from '../../api/errors';
import type { GroupInput, GroupMember, UserGroup } from '../../api/users';
import type { GridQuery } from '../../common/dataGrid';

export type GroupEditorStatus = 'idle' | 'saving' | 'saved' | 'deleted' | 'failed';

export interface GroupsState {
  list: { query: GridQuery | null; items: UserGroup[]; total: number; loading: boolean; error: ErrorState | null };
  detail: { id: string | null; group: UserGroup | null; error: ErrorState | null };
  search: { term: string; items: GroupMember[]; loading: boolean };
  editor: { status: GroupEditorStatus; error: ErrorState | null };
}

const initialState: GroupsState = {
  list: { query: null, items: [], total: 0, loading: false, error: null },
  detail: { id: null, group: null, error: null },
  search: { term: '', items: [], loading: false },
  editor: { status: 'idle', error: null },
};

export const groupsSlice = createSlice({
  name: 'groups',
  initialState,
  reducers: {
    listQueryChanged(state, action: PayloadAction<GridQuery>) {
      state.list.query = action.payload;
      state.list.loading = true;
      state.list.error = null;
    },
    listRetried(state) {
      state.list.loading = true;
      state.list.error = null;
    },
    listLoaded(state, action: PayloadAction<{ items: UserGroup[]; total: number }>) {
      state.list = { ...state.list, ...action.payload, loading: false, error: null };
    },
    listFailed(state, action: PayloadAction<ErrorState>) {
      state.list.loading = false;
      state.list.error = action.payload;
    },
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
