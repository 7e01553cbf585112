import type { RootState } from '../../app/rootReducer';
import { DEFAULT_PER_PAGE, type ProfileState } from './profile.slice';

export const selectProfile = (state: RootState): ProfileState => state.profile;
/** The page size of every list (spec business §9: the user preference, default 10). */
export const selectPerPage = (state: RootState): number => state.profile.settings?.perPage ?? DEFAULT_PER_PAGE;
