import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../app/rootReducer';
import type { PatientsState } from './patients.slice';
import type { RegistryDetails } from '../../api/dashboard';

export const selectPatientList = (state: RootState): PatientsState['list'] => state.patients.list;
export const selectPatientSearch = (state: RootState): PatientsState['search'] => state.patients.search;
export const selectPatientReferences = (state: RootState): PatientsState['references'] => state.patients.references;
export const selectPatientEditor = (state: RootState): PatientsState['editor'] => state.patients.editor;

export interface Option {
  value: string;
  label: string;
}

export const selectRegistryOptions = createSelector([(state: RootState) => state.patients.references.registries], (registries) =>
  registries.map((r): Option => ({ value: r.id, label: `${r.name} (${r.shortName})` })),
);

export const selectInstituteOptions = createSelector([(state: RootState) => state.patients.references.institutes], (institutes) =>
  institutes.map((i): Option => ({ value: i.id, label: `${i.name} (${i.shortName})` })),
);

/** The loaded details of one registry (mandatory insurance number, inpatient days), or null. */
export const makeSelectRegistryDetails = (): ((state: RootState, registryId: string | null) => RegistryDetails | null) =>
  createSelector(
    [(state: RootState) => state.patients.references.registryDetails, (_state: RootState, registryId: string | null) => registryId],
    (details, registryId) => (registryId ? (details[registryId] ?? null) : null),
  );

/**
 * May the user create patients (and start attendances) anywhere? The server answers, per accessible
 * registry, the codes the user holds there (codesAt, i.e. the domain's `can`); creating a patient
 * needs frm_create in its registry (server/patients/patients.service.ts).
 */
export const selectMayCreatePatient = (state: RootState): boolean =>
  state.patients.references.registries.some((registry) => registry.permissions.includes('frm_create'));

export const selectStartFor = (state: RootState): PatientsState['startFor'] => state.patients.startFor;
