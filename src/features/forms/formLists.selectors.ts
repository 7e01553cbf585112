import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../app/rootReducer';
import type { FormListKind } from '../../api/forms';
import type { FormListsState, FormListState } from './formLists.slice';

export const selectFormCounts = (state: RootState): FormListsState['counts'] => state.formLists.counts;

export const makeSelectFormList = (): ((state: RootState, kind: FormListKind) => FormListState) =>
  createSelector([(state: RootState) => state.formLists.lists, (_state: RootState, kind: FormListKind) => kind], (lists, kind) => lists[kind]);
