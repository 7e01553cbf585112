// better-sqlite3 refuses JavaScript booleans as bound values; SQLite stores them as 0/1 anyway.
// This plugin rewrites boolean values in every query so repositories can write `true`/`false` on
// both dialects (PostgreSQL keeps real booleans).
import {
  OperationNodeTransformer,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type PrimitiveValueListNode,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  type ValueNode,
} from 'kysely';

const toSqlite = (value: unknown): unknown => (typeof value === 'boolean' ? (value ? 1 : 0) : value);

class BooleanTransformer extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    const transformed = super.transformValue(node);
    return typeof transformed.value === 'boolean' ? { ...transformed, value: toSqlite(transformed.value) } : transformed;
  }

  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    const transformed = super.transformPrimitiveValueList(node);
    return { ...transformed, values: transformed.values.map(toSqlite) };
  }
}

export class SqliteBooleanPlugin implements KyselyPlugin {
  private readonly transformer = new BooleanTransformer();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.transformer.transformNode(args.node);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
