// Spec auth §5: the client 1.40.1 needs an API version >=1.40.1. A mismatch only warns in the
// console: a hospital may run a newer server with an older cached client for a while.
import semver from 'semver';

export const CLIENT_VERSION = '1.40.1';
export const REQUIRED_API_VERSION = '>=1.40.1';

export function isApiVersionSupported(apiVersion: string): boolean {
  const version = semver.coerce(apiVersion);
  return version !== null && semver.satisfies(version, REQUIRED_API_VERSION);
}

export function warnOnIncompatibleApi(apiVersion: string): void {
  if (!isApiVersionSupported(apiVersion)) {
    console.warn(
      `API version ${apiVersion} does not satisfy ${REQUIRED_API_VERSION} required by client ${CLIENT_VERSION}; some screens may not work.`,
    );
  }
}
