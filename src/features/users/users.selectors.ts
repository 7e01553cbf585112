import type { RootState } from '../../app/rootReducer';
import type { UsersState } from './users.slice';

export const selectUserList = (state: RootState): UsersState['list'] => state.users.list;
export const selectUserDetail = (state: RootState): UsersState['detail'] => state.users.detail;
export const selectUserEditor = (state: RootState): UsersState['editor'] => state.users.editor;
export const selectUserReferences = (state: RootState): UsersState['references'] => state.users.references;
