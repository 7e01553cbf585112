// The answers of permission checks (spec business-data §8).
import { ApiError } from '../errors/apiError';

/** "You haven't got permission to view this resource": where the resource's existence is no secret. */
export const noViewPermission = (): ApiError =>
  new ApiError({ statusCode: 403, code: 'no_permission', messageId: 'server.permissions.noViewPermission' });

/** The dashboard of a user without any access entry. */
export const noAccessEntries = (): ApiError =>
  new ApiError({ statusCode: 403, code: 'no_access_entries', messageId: 'server.permissions.noAccessEntries' });

export const instituteNotInRegistry = (): ApiError =>
  new ApiError({ statusCode: 403, code: 'institute_not_in_registry', messageId: 'server.registries.instituteNotInRegistry' });
