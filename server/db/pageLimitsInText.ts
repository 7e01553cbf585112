// PostgreSQL: a page's LIMIT, and an OFFSET of 0, written into the SQL text instead of bound.
// PostgreSQL keeps one generic plan for a named statement (preparedStatements.ts) only when it
// costs about what the plans for the actual values cost. A bound LIMIT or OFFSET has no value at
// generic planning, so PostgreSQL assumes a tenth of the rows are wanted: a list of 25 rows out of
// a registry's 150,000 looked 600 times dearer as a generic plan, and every list was planned anew
// at every call (the scale bench: 0.6-1.1 ms planning against 0.03-0.4 ms running). With the
// numbers in the text the generic plan costs what it runs, and is kept after five calls.
// A deeper OFFSET stays bound: each page would be a statement text of its own, taking a name
// (MAX_NAMED_STATEMENTS) for a page that is seldom asked twice (docs/decisions.md "Page limits in
// the SQL text on PostgreSQL").
import { PostgresDialect, PostgresQueryCompiler, type LimitNode, type OffsetNode, type OperationNode, type QueryCompiler } from 'kysely';

/** A bound whole number that may stand in the SQL text; null for anything else (an expression, a string). */
function wholeNumber(node: OperationNode): number | null {
  if (node.kind !== 'ValueNode') return null;
  const { value, immediate } = node as OperationNode & { value: unknown; immediate?: boolean };
  return !immediate && typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;
}

class PageLimitsInTextCompiler extends PostgresQueryCompiler {
  protected override visitLimit(node: LimitNode): void {
    const limit = wholeNumber(node.limit);
    if (limit === null) super.visitLimit(node);
    else this.append(`limit ${limit}`);
  }

  protected override visitOffset(node: OffsetNode): void {
    if (wholeNumber(node.offset) === 0) this.append('offset 0');
    else super.visitOffset(node);
  }
}

export class PageLimitsInTextPostgresDialect extends PostgresDialect {
  override createQueryCompiler(): QueryCompiler {
    return new PageLimitsInTextCompiler();
  }
}
