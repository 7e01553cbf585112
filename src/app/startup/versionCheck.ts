// Spec auth §5: the client 1.40.1 needs an API version >=1.40.1. A mismatch only warns in the
// console: a hospital may run a newer server with an older cached client for a while.
// Compared by hand rather than with the semver package, which would add 80 kB to every page.
export const CLIENT_VERSION = '1.40.1';
export const REQUIRED_API_VERSION = '>=1.40.1';

/** The first `major[.minor[.patch]]` in the text (like semver.coerce), missing parts 0. */
function coerce(text: string): number[] | null {
  const match = /(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(text);
  return match ? [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)] : null;
}

export function isApiVersionSupported(apiVersion: string): boolean {
  const version = coerce(apiVersion);
  const minimum = coerce(REQUIRED_API_VERSION) ?? [0, 0, 0];
  if (version === null) return false;
  const difference = version.map((part, i) => part - minimum[i]).find((d) => d !== 0) ?? 0;
  return difference >= 0;
}

export function warnOnIncompatibleApi(apiVersion: string): void {
  if (!isApiVersionSupported(apiVersion)) {
    console.warn(
      `API version ${apiVersion} does not satisfy ${REQUIRED_API_VERSION} required by client ${CLIENT_VERSION}; some screens may not work.`,
    );
  }
}
