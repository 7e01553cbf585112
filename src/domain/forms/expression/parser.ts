// Recursive-descent parser. Precedence, lowest first: or, and, not, comparison (not chained),
// + -, * /, unary minus, ^ (right-associative, binds tighter than unary minus: -2^2 is -4).
import type { BinaryOperator, ExpressionError, ExpressionNode, ParseResult } from './ast';
import { FUNCTION_ARITY } from './functions';
import { tokenize, type Token } from './lexer';

const KEYWORDS = new Set(['and', 'or', 'not', 'true', 'false', 'empty']);
const COMPARISONS = new Set(['=', '!=', '<', '<=', '>', '>=']);

/** Words that cannot be field ids because the parser reads them as operators or literals. */
export const RESERVED_WORDS: ReadonlySet<string> = KEYWORDS;

class ParseFailure {
  constructor(readonly error: ExpressionError) {}
}

function describe(token: Token): string {
  if (token.type === 'end') return 'end of expression';
  if (token.type === 'string') return `string "${token.value}"`;
  return `'${token.value}'`;
}

class Parser {
  private index = 0;
  readonly references: string[] = [];

  constructor(private readonly tokens: Token[]) {}

  parseAll(): ExpressionNode {
    const node = this.parseOr();
    const next = this.peek();
    if (next.type !== 'end') this.fail(`Unexpected ${describe(next)} at position ${next.position}`, next.position);
    return node;
  }

  private peek(): Token {
    return this.tokens[this.index];
  }

  private next(): Token {
    const token = this.tokens[this.index];
    this.index += 1;
    return token;
  }

  private isOp(value: string): boolean {
    const token = this.peek();
    return token.type === 'op' && token.value === value;
  }

  private isWord(value: string): boolean {
    const token = this.peek();
    return token.type === 'name' && token.value === value;
  }

  private fail(message: string, position: number): never {
    throw new ParseFailure({ message, position });
  }

  private expectOp(value: string): void {
    const token = this.next();
    if (token.type !== 'op' || token.value !== value) {
      this.fail(`Expected '${value}' but found ${describe(token)} at position ${token.position}`, token.position);
    }
  }

  private parseOr(): ExpressionNode {
    let left = this.parseAnd();
    while (this.isWord('or')) {
      const { position } = this.next();
      left = { kind: 'binary', operator: 'or', left, right: this.parseAnd(), position };
    }
    return left;
  }

  private parseAnd(): ExpressionNode {
    let left = this.parseNot();
    while (this.isWord('and')) {
      const { position } = this.next();
      left = { kind: 'binary', operator: 'and', left, right: this.parseNot(), position };
    }
    return left;
  }

  private parseNot(): ExpressionNode {
    if (this.isWord('not')) {
      const { position } = this.next();
      return { kind: 'unary', operator: 'not', operand: this.parseNot(), position };
    }
    return this.parseComparison();
  }

  private parseComparison(): ExpressionNode {
    const left = this.parseAdditive();
    const token = this.peek();
    if (token.type !== 'op' || !COMPARISONS.has(token.value)) return left;
    this.next();
    const right = this.parseAdditive();
    const after = this.peek();
    if (after.type === 'op' && COMPARISONS.has(after.value)) {
      this.fail(`Comparisons cannot be chained; use 'and' (position ${after.position})`, after.position);
    }
    return { kind: 'binary', operator: token.value as BinaryOperator, left, right, position: token.position };
  }

  private parseAdditive(): ExpressionNode {
    let left = this.parseMultiplicative();
    while (this.isOp('+') || this.isOp('-')) {
      const token = this.next() as { value: BinaryOperator; position: number };
      left = { kind: 'binary', operator: token.value, left, right: this.parseMultiplicative(), position: token.position };
    }
    return left;
  }

  private parseMultiplicative(): ExpressionNode {
    let left = this.parseUnary();
    while (this.isOp('*') || this.isOp('/')) {
      const token = this.next() as { value: BinaryOperator; position: number };
      left = { kind: 'binary', operator: token.value, left, right: this.parseUnary(), position: token.position };
    }
    return left;
  }

  private parseUnary(): ExpressionNode {
    if (this.isOp('-')) {
      const { position } = this.next();
      return { kind: 'unary', operator: '-', operand: this.parseUnary(), position };
    }
    if (this.isOp('+')) {
      this.next();
      return this.parseUnary();
    }
    return this.parsePower();
  }

  private parsePower(): ExpressionNode {
    const base = this.parsePrimary();
    if (!this.isOp('^')) return base;
    const { position } = this.next();
    // The exponent may carry its own sign (2^-1) and chains to the right (2^3^2 = 2^9).
    return { kind: 'binary', operator: '^', left: base, right: this.parseUnary(), position };
  }

  private parsePrimary(): ExpressionNode {
    const token = this.next();
    if (token.type === 'number') return { kind: 'number', value: token.value, position: token.position };
    if (token.type === 'string') return { kind: 'string', value: token.value, position: token.position };
    if (token.type === 'op' && token.value === '(') {
      const inner = this.parseOr();
      this.expectOp(')');
      return inner;
    }
    if (token.type === 'name') return this.parseName(token.value, token.position);
    return this.fail(`Unexpected ${describe(token)} at position ${token.position}`, token.position);
  }

  private parseName(name: string, position: number): ExpressionNode {
    if (name === 'true' || name === 'false') return { kind: 'boolean', value: name === 'true', position };
    if (name === 'empty') return { kind: 'empty', position };
    if (KEYWORDS.has(name)) this.fail(`Unexpected '${name}' at position ${position}`, position);
    if (!this.isOp('(')) {
      if (!this.references.includes(name)) this.references.push(name);
      return { kind: 'ref', name, position };
    }
    this.next();
    const arity = FUNCTION_ARITY[name];
    if (!arity) this.fail(`Unknown function '${name}' at position ${position}`, position);
    const args: ExpressionNode[] = [];
    if (!this.isOp(')')) {
      args.push(this.parseOr());
      while (this.isOp(',')) {
        this.next();
        args.push(this.parseOr());
      }
    }
    this.expectOp(')');
    const [min, max] = arity;
    if (args.length < min || args.length > max) {
      const expected = min === max ? `${min}` : max === Infinity ? `at least ${min}` : `${min} to ${max}`;
      this.fail(`Function '${name}' takes ${expected} argument(s), got ${args.length} (position ${position})`, position);
    }
    return { kind: 'call', name, args, position };
  }
}

export function parseExpressionUncached(source: string): ParseResult {
  const lexed = tokenize(source);
  if (!lexed.ok) return lexed;
  const parser = new Parser(lexed.tokens);
  try {
    const ast = parser.parseAll();
    return { ok: true, expression: { source, ast, references: parser.references } };
  } catch (failure) {
    if (failure instanceof ParseFailure) return { ok: false, error: failure.error };
    throw failure;
  }
}
