// A database handle that counts the statements sent through it, counted as they answer: a subquery
// built into another statement is no statement of its own. One handle for every call, as the server
// has one: what a list learns of its terms (planVerdicts.ts, an index's statistics) is kept per handle.
import type { Kysely, KyselyPlugin } from 'kysely';

export interface StatementCounter<DB> {
  db: Kysely<DB>;
  /** The statements `run` sent. */
  count(run: (db: Kysely<DB>) => Promise<unknown>): Promise<number>;
}

export function statementCounter<DB>(db: Kysely<DB>): StatementCounter<DB> {
  let statements = 0;
  const counting: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      statements += 1;
      return args.result;
    },
  };
  const counted = db.withPlugin(counting);
  return {
    db: counted,
    count: async (run) => {
      statements = 0;
      await run(counted);
      return statements;
    },
  };
}
