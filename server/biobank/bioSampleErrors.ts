// The refusals of the biobank calls (spec business-data §8 Bio samples, docs/biobank.md): the
// spec's two texts, and a clear message for every rule a write can break. Nothing is written.
import { ApiError } from '../errors/apiError';
import type { MessageValues } from '../i18n/catalogue';

function refusal(statusCode: number, code: string, messageId: string, values?: MessageValues): ApiError {
  return new ApiError({ statusCode, code, messageId: `server.bioSamples.${messageId}`, values });
}

export const bioSampleNotFound = (): ApiError => refusal(404, 'not_found', 'notFound');
export const deleteRefused = (): ApiError => refusal(409, 'bio_sample_in_use', 'deleteRefused');
export const linkFailed = (): ApiError => refusal(409, 'link_failed', 'linkFailed');
export const staleSample = (currentVersion: number): ApiError =>
  new ApiError({ statusCode: 409, code: 'stale_version', messageId: 'server.bioSamples.staleVersion', details: { currentVersion } });
export const positionTaken = (box: string, row: number, column: number): ApiError => refusal(409, 'position_taken', 'positionTaken', { box, row, column });
export const positionOutsideBox = (box: string, row: number, column: number, rows: number, columns: number): ApiError =>
  refusal(400, 'position_outside_box', 'positionOutsideBox', { box, row, column, rows, columns });
export const boxNotFound = (): ApiError => refusal(404, 'box_not_found', 'boxNotFound');
export const boxOfOtherInstitute = (): ApiError => refusal(400, 'box_other_institute', 'boxOtherInstitute');
export const boxNameTaken = (): ApiError => refusal(409, 'box_name_taken', 'boxNameTaken');
export const typeNotFound = (): ApiError => refusal(400, 'bio_sample_type_not_found', 'typeNotFound');
export const typeNotAllowed = (): ApiError => refusal(400, 'bio_sample_type_not_allowed', 'typeNotAllowed');
export const patientMismatch = (): ApiError => refusal(400, 'patient_mismatch', 'patientMismatch');
export const ancestorMismatch = (): ApiError => refusal(400, 'ancestor_mismatch', 'ancestorMismatch');
export const ancestorCycle = (): ApiError => refusal(400, 'ancestor_cycle', 'ancestorCycle');
export const localizeNeedsArrival = (): ApiError => refusal(400, 'not_arrived', 'localizeNeedsArrival');
export const dispatchNeedsArrival = (): ApiError => refusal(400, 'not_arrived', 'dispatchNeedsArrival');
export const dispatchNeedsRecipient = (): ApiError => refusal(400, 'dispatch_recipient_required', 'dispatchNeedsRecipient');
export const dispatchedNotPlaced = (): ApiError => refusal(400, 'dispatched_not_placed', 'dispatchedNotPlaced');
export const virtualHasNoMaterial = (): ApiError => refusal(400, 'virtual_no_material', 'virtualHasNoMaterial');
export const arrivalBeforeCollection = (): ApiError => refusal(400, 'arrival_before_collection', 'arrivalBeforeCollection');
export const parameterInvalid = (parameter: string): ApiError => refusal(400, 'sample_parameter_invalid', 'parameterInvalid', { parameter });
