import type { RootState } from '../../app/rootReducer';
import type { Locale } from '../../i18n/catalogues';

export const selectLocale = (state: RootState): Locale => state.locale.locale;
