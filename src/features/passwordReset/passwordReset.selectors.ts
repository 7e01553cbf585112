import type { RootState } from '../../app/rootReducer';
import type { PasswordResetState } from './passwordReset.slice';

export const selectPasswordReset = (state: RootState): PasswordResetState => state.passwordReset;
