import type { RootState } from '../../app/rootReducer';
import type { Locale } from '../../i18n/catalogues';

export const selectLocale = (state: RootState): Locale => state.locale.locale;

/** The zone every time is shown in: the user's institute's; null (the browser's) before sign-in or without one. */
export const selectDisplayTimeZone = (state: RootState): string | null => state.profile.settings?.timeZone ?? null;
