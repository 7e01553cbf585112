// Refusals about an attendance's state that areas below the attendances (forms, files) raise too;
// this file imports nothing of theirs, so any area may use it without an import cycle.
import { ApiError } from '../errors/apiError';

/** A disqualified attendance's forms take no writes until an administrator requalifies it. */
export const attendanceDisqualified = (): ApiError => new ApiError({ statusCode: 409, code: 'attendance_disqualified', messageId: 'server.attendances.disqualified' });

/** Answers the refusal when the attendance is disqualified. */
export function assertNotDisqualified(attendance: { state: string } | null | undefined): void {
  if (attendance?.state === 'disqualified') throw attendanceDisqualified();
}
