// Reads of the biobank screens' state, and what the caller may do there (the server enforces it).
import type { RootState } from '../../app/rootReducer';
import type { BiobankState } from './biobank.slice';

export const selectBiobank = (state: RootState): BiobankState => state.biobank;
export const selectBiobankList = (state: RootState): BiobankState['list'] => state.biobank.list;
export const selectBiobankSample = (state: RootState): BiobankState['sample'] => state.biobank.sample;
export const selectBiobankEditor = (state: RootState): BiobankState['editor'] => state.biobank.editor;

/**
 * Does the caller hold `code` in some permitted registry of the institute (a registry listed without
 * codes counts as permitted)? The central biobank has
 * no such list: there the admin codes are checked by the server alone, and refusals are shown.
 */
export const selectHoldsBioCode = (state: RootState, code: string): boolean =>
  state.biobank.scope === null || state.biobank.references.registries.some((registry) => registry.permissions === undefined || registry.permissions.includes(code));
