import type { RootState } from '../rootReducer';
import type { ClientConfigurationUser } from '../../api/clientConfiguration';
import type { ClientConfigurationState } from './clientConfiguration.slice';

export const selectClientConfiguration = (state: RootState): ClientConfigurationState => state.clientConfiguration;
export const selectStartupStatus = (state: RootState): ClientConfigurationState['status'] =>
  state.clientConfiguration.status;

/** The signed-in user as the server last described them; null before that answer arrives. */
export const selectCurrentUser = (state: RootState): ClientConfigurationUser | null =>
  state.auth.step === 'loggedIn' ? (state.clientConfiguration.data?.user ?? null) : null;
