// A statement whose shape never changes, built and compiled by Kysely once per dialect and then run
// with new values. Building and compiling a query was 14 % of the server's main thread under load,
// a quarter of it for the one statement every request runs (the session and its caller); the SQL
// text of such a statement is the same every time, only its values differ
// (docs/decisions.md "Fixed costs per request").
//
// The builder receives `value(name)` in place of each value. It returns a marker that Kysely binds
// as a parameter like any other value; after compiling, the marker's positions in the parameter list
// say where each value goes. A value Kysely would write into the SQL text instead of binding it, or
// one whose shape changes the SQL (a list for `in`), cannot be used here: compiling throws.
import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { DatabaseDialect } from '../config';
import type { Database } from './database';
import { dialectOf } from './sqlFunctions';

type Scalar = string | number | boolean | null;

const MARK = '\u0000fixed-query-value:';

/** Where each bound parameter comes from: a named value, or a constant written into the builder. */
type Slot = { value: string } | { constant: unknown };

interface Template<Row> {
  query: CompiledQuery<Row>;
  slots: Slot[];
}

function markedName(parameter: unknown): string | null {
  return typeof parameter === 'string' && parameter.startsWith(MARK) ? parameter.slice(MARK.length) : null;
}

function compileTemplate<Row>(compiled: CompiledQuery<Row>, names: ReadonlySet<string>): Template<Row> {
  if (compiled.sql.includes(MARK)) throw new Error('fixedQuery: a value was written into the SQL text instead of being bound');
  const slots = compiled.parameters.map((parameter): Slot => {
    const name = markedName(parameter);
    return name === null ? { constant: parameter } : { value: name };
  });
  const bound = new Set(slots.flatMap((slot) => ('value' in slot ? [slot.value] : [])));
  const unbound = [...names].filter((name) => !bound.has(name));
  if (unbound.length > 0) throw new Error(`fixedQuery: values not bound as parameters: ${unbound.join(', ')}`);
  return { query: compiled, slots };
}

export interface FixedQuery<Values, Row> {
  /** Every row the statement answers with these values. */
  all(db: Kysely<Database>, values: Values): Promise<Row[]>;
  /** The first row, or undefined. */
  first(db: Kysely<Database>, values: Values): Promise<Row | undefined>;
}

/**
 * A query built once per dialect by `build`, which must use `value(name)` for every value that
 * differs between runs. `db` may be the server's instance or a transaction: the statement runs on
 * the one it is given. Curried so that the values are named and the row type is inferred:
 * `fixedQuery<{ id: string }>()((db, value) => db.selectFrom('t').selectAll().where('id', '=', value('id')))`.
 */
export function fixedQuery<Values extends Record<string, Scalar>>() {
  return <Row>(build: (db: Kysely<Database>, value: <Name extends keyof Values & string>(name: Name) => Values[Name]) => Compilable<Row>): FixedQuery<Values, Row> => {
    const templates = new Map<DatabaseDialect, Template<Row>>();

    function templateFor(db: Kysely<Database>): Template<Row> {
      const dialect = dialectOf(db as Kysely<unknown>);
      let template = templates.get(dialect);
      if (!template) {
        const names = new Set<string>();
        const value = <Name extends keyof Values & string>(name: Name): Values[Name] => {
          names.add(name);
          return `${MARK}${name}` as Values[Name];
        };
        template = compileTemplate(build(db, value).compile() as CompiledQuery<Row>, names);
        templates.set(dialect, template);
      }
      return template;
    }

    async function all(db: Kysely<Database>, values: Values): Promise<Row[]> {
      const { query, slots } = templateFor(db);
      const parameters = slots.map((slot) => ('value' in slot ? values[slot.value] : slot.constant));
      const result = await db.executeQuery<Row>({ ...query, parameters });
      return result.rows;
    }

    return { all, first: async (db, values) => (await all(db, values))[0] };
  };
}
