// The expression language of descriptors (formulas and visibility predicates): an AST that our
// own evaluator walks. Descriptors come from the database, so they are never handed to eval.

export type BinaryOperator = '+' | '-' | '*' | '/' | '^' | '=' | '!=' | '<' | '<=' | '>' | '>=' | 'and' | 'or';

export type ExpressionNode =
  | { kind: 'number'; value: number; position: number }
  | { kind: 'string'; value: string; position: number }
  | { kind: 'boolean'; value: boolean; position: number }
  | { kind: 'empty'; position: number }
  | { kind: 'ref'; name: string; position: number }
  | { kind: 'unary'; operator: '-' | 'not'; operand: ExpressionNode; position: number }
  | { kind: 'binary'; operator: BinaryOperator; left: ExpressionNode; right: ExpressionNode; position: number }
  | { kind: 'call'; name: string; args: ExpressionNode[]; position: number };

/** A value while evaluating: `null` is "empty" (no value), never NaN. */
export type ExpressionValue = number | string | boolean | readonly string[] | null;

export interface ParsedExpression {
  source: string;
  ast: ExpressionNode;
  /** Field ids the expression reads, in first-use order, without duplicates. */
  references: string[];
}

export interface ExpressionError {
  message: string;
  /** Zero-based character offset into the source. */
  position: number;
}

export type ParseResult = { ok: true; expression: ParsedExpression } | { ok: false; error: ExpressionError };
