// A promise that React's `use` reads at once when it has already settled (its status written on
// it, as React does with the promises it tracks itself): a chunk fetched early renders without a
// fallback frame.
export function tracked<T>(promise: Promise<T>): Promise<T> {
  promise.then(
    (value) => Object.assign(promise, { status: 'fulfilled', value }),
    (reason: unknown) => Object.assign(promise, { status: 'rejected', reason }),
  );
  return promise;
}
