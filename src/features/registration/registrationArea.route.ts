// The /registration area's chunk.
import type { Feature } from '../../app/feature';
import { registrationFeature } from './registration.feature';

export { RegistrationArea as Component } from './RegistrationArea';
export const features: readonly Feature[] = [registrationFeature];
