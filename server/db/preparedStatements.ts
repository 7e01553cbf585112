// Named (prepared) statements on PostgreSQL. An unnamed statement is parsed and planned anew on
// every run; for this product's short statements over several joins, planning costs more than
// running them (the scale bench: 0.7-1.0 ms planning against 0.2-0.3 ms execution per statement).
// A named statement is parsed once per pooled connection, and after five runs PostgreSQL keeps a
// generic plan for it when that costs no more than the custom ones (plan_cache_mode = auto).
// Statements go named from their second sighting, so one-off texts (a long IN list) take no slot.
// A statement matching a pattern (a "contains" filter) stays unnamed: a generic plan cannot see
// how many rows the term matches, and kept one that walked 9,300 attendances in page order for a
// visit id that 583 contain (15 ms; planned for its term, 4 ms).
// PG_PREPARED_STATEMENTS=false turns this off, e.g. behind a pooler in transaction mode that
// does not keep prepared statements (docs/operations.md).
import type pg from 'pg';
import { parseBooleanText } from '../util/booleanText';

/** Distinct statement texts named per pool; later texts run unnamed. */
export const MAX_NAMED_STATEMENTS = 2000;
/** Texts seen once, waiting for a second sighting; the set starts over when full. */
const MAX_SEEN_ONCE = 20_000;
/** Statements that a generic plan can serve (BEGIN, SET and the like are not planned). */
const PLANNABLE = /^\s*(select|insert|update|delete|with)\b/i;
/** A pattern match, whose best plan depends on its term (docs/decisions.md "Named statements on PostgreSQL"). */
const PATTERN_MATCH = /\s(i?like|similar\s+to)\s/i;

type Query = (...args: unknown[]) => unknown;

/** For callers without a loaded config (CLIs, tests): off only when the environment says so. */
export function preparedStatementsFromEnvironment(env: NodeJS.ProcessEnv = process.env): boolean {
  return parseBooleanText(env.PG_PREPARED_STATEMENTS?.trim() ?? '') ?? true;
}

/**
 * Names repeated statements on the pool's connections; returns what does the same to a connection
 * opened outside the pool (pipelinedStatements.ts).
 */
export function nameRepeatedStatements(pool: pg.Pool, limit = MAX_NAMED_STATEMENTS): (client: pg.Client) => void {
  const names = new Map<string, string>();
  const seenOnce = new Set<string>();
  // Texts whose saved plan went stale (a migration changed a table under it): they stay unnamed.
  const stale = new Set<string>();
  let counter = 0;

  const nameFor = (text: string): string | undefined => {
    const known = names.get(text);
    if (known !== undefined) return known;
    if (names.size >= limit || stale.has(text) || !PLANNABLE.test(text) || PATTERN_MATCH.test(text)) return undefined;
    if (!seenOnce.delete(text)) {
      if (seenOnce.size >= MAX_SEEN_ONCE) seenOnce.clear();
      seenOnce.add(text);
      return undefined;
    }
    // Never reused: a connection that prepared an older statement under a name keeps it.
    const name = `stmt${(counter += 1)}`;
    names.set(text, name);
    return name;
  };

  const nameOnConnection = (client: pg.Client): void => {
    const query = client.query.bind(client) as Query;
    const named: Query = (...args) => {
      const [text, values, callback] = args;
      // Kysely's calls: a text and its parameters, answered by a promise. Anything else (cursors,
      // callbacks, config objects) goes through as it came.
      if (typeof text !== 'string' || !Array.isArray(values) || callback !== undefined) return query(...args);
      const name = nameFor(text);
      if (name === undefined) return query(text, values);
      return (query({ name, text, values }) as Promise<pg.QueryResult>).catch((error: unknown) => {
        if (!isStalePlan(error)) throw error;
        names.delete(text);
        stale.add(text);
        // Outside a transaction the statement simply runs again unnamed; inside one, the failed
        // run has aborted it, and the caller sees the original error.
        return (query(text, values) as Promise<pg.QueryResult>).catch(() => {
          throw error;
        });
      });
    };
    (client as unknown as { query: Query }).query = named;
  };
  pool.on('connect', nameOnConnection);
  return nameOnConnection;
}

/** PostgreSQL refuses a saved plan whose result columns changed since it was prepared. */
function isStalePlan(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === '0A000' && typeof message === 'string' && message.includes('cached plan must not change result type');
}
