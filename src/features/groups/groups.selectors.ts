import type { RootState } from '../../app/rootReducer';
import type { GroupsState } from './groups.slice';

export const selectGroupList = (state: RootState): GroupsState['list'] => state.groups.list;
export const selectGroupDetail = (state: RootState): GroupsState['detail'] => state.groups.detail;
export const selectMemberSearch = (state: RootState): GroupsState['search'] => state.groups.search;
export const selectGroupEditor = (state: RootState): GroupsState['editor'] => state.groups.editor;
