// Walks a parsed expression. Never throws on data: empty operands give empty results, and
// comparisons with an empty side are false (use isEmpty to test for emptiness).
import type { BinaryOperator, ExpressionNode, ExpressionValue, ParseResult } from './ast';
import { callFunction, finite, isEmptyValue, toNumber } from './functions';
import { parseExpressionUncached } from './parser';
import { createLruCache } from '../lruCache';

const ARITHMETIC: ReadonlySet<BinaryOperator> = new Set(['+', '-', '*', '/', '^']);

export interface EvaluationScope {
  /** The value of a field reference; `null` when empty or unknown. */
  lookup(name: string): ExpressionValue;
  /** Today's date (YYYY-MM-DD) from an injected clock; without it `today()` is empty. */
  today?: () => string;
}

// Descriptors repeat the same formulas per multi-field entry and per evaluator; parse once.
const parseCache = createLruCache<string, ParseResult>(1000);

export function parseExpression(source: string): ParseResult {
  const cached = parseCache.get(source);
  if (cached) return cached;
  const result = parseExpressionUncached(source);
  parseCache.set(source, result);
  return result;
}

export function isTruthy(value: ExpressionValue): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  return !isEmptyValue(value);
}

function arithmetic(operator: BinaryOperator, left: ExpressionValue, right: ExpressionValue): ExpressionValue {
  const a = toNumber(left);
  const b = toNumber(right);
  if (a === null || b === null) return null;
  switch (operator) {
    case '+':
      return finite(a + b);
    case '-':
      return finite(a - b);
    case '*':
      return finite(a * b);
    case '/':
      return b === 0 ? null : finite(a / b);
    default:
      return finite(a ** b);
  }
}

/** Orders two non-empty values: numerically when both read as numbers, else as texts. */
function compare(left: ExpressionValue, right: ExpressionValue): number | null {
  const a = toNumber(left);
  const b = toNumber(right);
  if (a !== null && b !== null) return a - b;
  if (typeof left === 'boolean' || typeof right === 'boolean') {
    return typeof left === typeof right ? Number(left) - Number(right) : null;
  }
  if (typeof left === 'string' && typeof right === 'string') return left < right ? -1 : left > right ? 1 : 0;
  return null;
}

function comparison(operator: BinaryOperator, left: ExpressionValue, right: ExpressionValue): boolean {
  if (isEmptyValue(left) || isEmptyValue(right)) return false;
  if (Array.isArray(left) || Array.isArray(right)) {
    const same = Array.isArray(left) && Array.isArray(right) && left.length === right.length && left.every((v, i) => v === right[i]);
    return operator === '=' ? same : operator === '!=' ? !same : false;
  }
  const order = compare(left, right);
  if (order === null) return operator === '!=';
  switch (operator) {
    case '=':
      return order === 0;
    case '!=':
      return order !== 0;
    case '<':
      return order < 0;
    case '<=':
      return order <= 0;
    case '>':
      return order > 0;
    default:
      return order >= 0;
  }
}

export function evaluateNode(node: ExpressionNode, scope: EvaluationScope): ExpressionValue {
  switch (node.kind) {
    case 'number':
    case 'string':
    case 'boolean':
      return node.value;
    case 'empty':
      return null;
    case 'ref':
      return scope.lookup(node.name);
    case 'unary': {
      const value = evaluateNode(node.operand, scope);
      if (node.operator === 'not') return !isTruthy(value);
      const n = toNumber(value);
      return n === null ? null : -n;
    }
    case 'binary': {
      if (node.operator === 'and') return isTruthy(evaluateNode(node.left, scope)) && isTruthy(evaluateNode(node.right, scope));
      if (node.operator === 'or') return isTruthy(evaluateNode(node.left, scope)) || isTruthy(evaluateNode(node.right, scope));
      const left = evaluateNode(node.left, scope);
      const right = evaluateNode(node.right, scope);
      if (ARITHMETIC.has(node.operator)) return arithmetic(node.operator, left, right);
      return comparison(node.operator, left, right);
    }
    case 'call': {
      if (node.name === 'if') {
        const chosen = isTruthy(evaluateNode(node.args[0], scope)) ? node.args[1] : node.args[2];
        return evaluateNode(chosen, scope);
      }
      return callFunction(
        node.name,
        node.args.map((arg) => evaluateNode(arg, scope)),
        scope.today,
      );
    }
  }
}

/** Parses (cached) and evaluates; a parse error is reported, data problems give empty. */
export function evaluateExpression(
  source: string,
  scope: EvaluationScope,
): { ok: true; value: ExpressionValue } | { ok: false; error: { message: string; position: number } } {
  const parsed = parseExpression(source);
  if (!parsed.ok) return parsed;
  return { ok: true, value: evaluateNode(parsed.expression.ast, scope) };
}
