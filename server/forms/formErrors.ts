// The refusals of the form lifecycle as API errors: a write that met a newer version, and each
// refusal of the lifecycle table (state, level, permission, correction rule, four eyes).
import type { TransitionRefusal } from '../../src/domain/forms';
import { ApiError } from '../errors/apiError';

export const staleVersion = (currentVersion: number): ApiError =>
  new ApiError({ statusCode: 409, code: 'stale_version', messageId: 'server.forms.staleVersion', details: { currentVersion } });

export function refusalError(refusal: TransitionRefusal): ApiError {
  switch (refusal.reason) {
    case 'illegal_transition':
      return new ApiError({ statusCode: 409, code: 'illegal_transition', messageId: 'server.forms.illegalTransition', values: { state: refusal.state ?? '-' }, details: { state: refusal.state } });
    case 'level_out_of_order':
      return new ApiError({ statusCode: 409, code: 'level_out_of_order', messageId: 'server.forms.levelOutOfOrder', values: { expected: refusal.expected }, details: { expected: refusal.expected } });
    case 'forbidden':
      return new ApiError({ statusCode: 403, code: 'forbidden', messageId: 'server.errors.forbidden' });
    case 'not_corrected':
      return new ApiError({ statusCode: 400, code: 'not_corrected', messageId: 'server.forms.notCorrected' });
    case 'four_eyes':
      return new ApiError({
        statusCode: 409,
        code: 'four_eyes',
        messageId: refusal.why === 'approved_level' ? 'server.forms.fourEyesApprovedLevel' : 'server.forms.fourEyesWroteValues',
        values: { level: refusal.level ?? '-' },
        details: { why: refusal.why, level: refusal.level ?? null },
      });
  }
}
