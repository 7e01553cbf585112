// The profile page's chunk (the profile's own state is in the core store: its language applies at sign-in).
import type { Feature } from '../../app/feature';
import { mfaFeature } from '../mfa/mfa.feature';

export { ProfilePage as Component } from './ProfilePage';
export const features: readonly Feature[] = [mfaFeature];
