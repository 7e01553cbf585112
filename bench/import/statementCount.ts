// Counts the statements a bench step sends (a Kysely plugin): on PostgreSQL each one is a round
// trip, so the count explains a commit's wall time better than the CPU does. Raw `sql` templates
// are counted as "raw"; the rest by kind and first table.
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

export interface StatementCounter extends KyselyPlugin {
  total(): number;
  /** The kinds seen, most frequent first, e.g. `insert attendances: 500`. */
  top(limit: number): string[];
}

function tableOf(node: RootOperationNode): string {
  const named = (n: unknown): string => {
    // A TableNode, or an AliasNode around one.
    const node = n as { node?: unknown; table?: { identifier?: { name?: string } } } | undefined;
    const table = node?.table ?? (node?.node as { table?: { identifier?: { name?: string } } } | undefined)?.table;
    return table?.identifier?.name ?? 'raw';
  };
  switch (node.kind) {
    case 'SelectQueryNode':
      return named(node.from?.froms[0]);
    case 'InsertQueryNode':
      return named(node.into);
    case 'UpdateQueryNode':
      return named(node.table);
    case 'DeleteQueryNode':
      return named(node.from.froms[0]);
    default:
      return '';
  }
}

export function statementCounter(): StatementCounter {
  const counts = new Map<string, number>();
  // Milliseconds from building a statement to its result, by kind: mostly the database's time.
  const millis = new Map<string, number>();
  const started = new Map<object, { key: string; at: number }>();
  return {
    transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
      const key = `${args.node.kind.replace('QueryNode', '').toLowerCase()} ${tableOf(args.node)}`.trim();
      counts.set(key, (counts.get(key) ?? 0) + 1);
      started.set(args.queryId, { key, at: performance.now() });
      return args.node;
    },
    async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      const start = started.get(args.queryId);
      if (start) {
        started.delete(args.queryId);
        millis.set(start.key, (millis.get(start.key) ?? 0) + performance.now() - start.at);
      }
      return args.result;
    },
    total: () => [...counts.values()].reduce((a, b) => a + b, 0),
    top: (limit) =>
      [...counts.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, limit)
        .map(([key, n]) => `${key}: ${n} (${Math.round(millis.get(key) ?? 0)} ms)`),
  };
}
