// The /login area's chunk: the sign-in screens with MFA (setup at first sign-in) and password reset.
import type { Feature } from '../../app/feature';
import { mfaFeature } from '../mfa/mfa.feature';
import { passwordResetFeature } from '../passwordReset/passwordReset.feature';

export { LoginArea as Component } from './LoginArea';
export const features: readonly Feature[] = [mfaFeature, passwordResetFeature];
