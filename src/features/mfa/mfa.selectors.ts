import type { RootState } from '../../app/rootReducer';
import type { MfaManagementState, MfaSetupState } from './mfa.types';

export const selectMfaSetup = (state: RootState): MfaSetupState => state.mfa.setup;
export const selectMfaManagement = (state: RootState): MfaManagementState => state.mfa.management;
/** Recovery keys waiting for "I saved recovery codes". */
export const selectPendingRecoveryKeys = (state: RootState): string[] | null => state.mfa.setup.recoveryKeys;
