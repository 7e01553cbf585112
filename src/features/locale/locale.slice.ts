// The interface language. `changed` is the user's choice (persisted, sent to the profile);
// `preferenceLoaded` applies the signed-in user's stored preference.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_LOCALE, type Locale } from '../../i18n/catalogues';

export interface LocaleState {
  locale: Locale;
}

const initialState: LocaleState = { locale: DEFAULT_LOCALE };

export const localeSlice = createSlice({
  name: 'locale',
  initialState,
  reducers: {
    changed(state, action: PayloadAction<Locale>) {
      state.locale = action.payload;
    },
    preferenceLoaded(state, action: PayloadAction<Locale>) {
      state.locale = action.payload;
    },
  },
});

export const localeActions = localeSlice.actions;
