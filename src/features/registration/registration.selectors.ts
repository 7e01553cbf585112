import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../app/rootReducer';
import type { RegistrationState } from './registration.slice';

export const selectRegistration = (state: RootState): RegistrationState => state.registration;

export interface InstituteOption {
  value: string;
  label: string;
}

/** The institutes as the options of the institute Select, in the server's order; the short name
 * is part of the label so that typing "SZLK" finds the institute too. */
export const selectInstituteOptions = createSelector([(state: RootState) => state.registration.institutes.items], (items) =>
  items.map((institute): InstituteOption => ({ value: institute.id, label: `${institute.name} (${institute.shortName})` })),
);
