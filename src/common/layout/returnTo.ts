// The page a user is sent back to after signing in. RequireAuth remembers where a signed-out
// visitor was going and, when a session has just ended, whose page that was: the next person to
// sign in at this browser starts on their own dashboard, never on the previous user's last page.
export interface ReturnTo {
  from: string;
  /** The user whose session ended on that page; absent for a visitor who was never signed in here. */
  forUser?: string;
}

export function returnToState(from: string, signedOutUserId: string | null): ReturnTo {
  return signedOutUserId ? { from, forUser: signedOutUserId } : { from };
}

/** Whether the destination waits for the signed-in user's id (it belongs to a particular user). */
export function returnToNeedsUser(state: unknown): boolean {
  return typeof (state as ReturnTo | null)?.forUser === 'string';
}

/** Where to go after sign-in: the remembered page when it is this user's (or nobody's), else the dashboard. */
export function destinationAfterSignIn(state: unknown, userId: string | null): string {
  const { from, forUser } = (state ?? {}) as Partial<ReturnTo>;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/login')) return '/';
  if (typeof forUser === 'string' && forUser !== userId) return '/';
  return from;
}
