// The filters every statistics call shares (registry, institute, date range) and the check that the
// range is not backwards: "from after to" is the caller's mistake, answered 400 naming the field.
import { ApiError } from '../errors/apiError';

export interface StatisticsQuery {
  registryId?: string;
  instituteId?: string;
  /** YYYY-MM-DD, inclusive. */
  from?: string;
  /** YYYY-MM-DD, inclusive. */
  to?: string;
  format?: 'xlsx' | 'json';
}

export interface StatisticsFilter {
  registryId?: string;
  instituteId?: string;
  /** ISO timestamp, inclusive lower bound. */
  from?: string;
  /** ISO timestamp, exclusive upper bound (the day after `to`). */
  to?: string;
}

const DAY_MS = 86_400_000;

export function statisticsFilter(query: StatisticsQuery): StatisticsFilter {
  if (query.from !== undefined && query.to !== undefined && query.from > query.to) {
    throw new ApiError({
      statusCode: 400,
      code: 'validation_failed',
      messageId: 'server.statistics.fromAfterTo',
      errors: [{ path: 'from', key: 'string.dateRange', context: { first: 'from', second: 'to' } }],
      values: { from: query.from, to: query.to },
    });
  }
  return {
    registryId: query.registryId,
    instituteId: query.instituteId,
    from: query.from === undefined ? undefined : `${query.from}T00:00:00.000Z`,
    to: query.to === undefined ? undefined : new Date(Date.parse(`${query.to}T00:00:00.000Z`) + DAY_MS).toISOString(),
  };
}
