// Splits an expression into tokens, each with its character position for error messages.
import type { ExpressionError } from './ast';

export type Token =
  | { type: 'number'; value: number; position: number }
  | { type: 'string'; value: string; position: number }
  | { type: 'name'; value: string; position: number }
  | { type: 'op'; value: string; position: number }
  | { type: 'end'; position: number };

// Longest first, so that `<=` is never read as `<` then `=`.
const OPERATORS = ['<=', '>=', '!=', '<>', '==', '+', '-', '*', '/', '^', '=', '<', '>', '(', ')', ','];
const NUMBER = /^(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/;
const NAME = /^[A-Za-z_][A-Za-z0-9_]*/;

export function tokenize(source: string): { ok: true; tokens: Token[] } | { ok: false; error: ExpressionError } {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const ch = source[i];
    if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r') {
      i += 1;
      continue;
    }
    const rest = source.slice(i);
    const number = NUMBER.exec(rest);
    if (number) {
      tokens.push({ type: 'number', value: Number(number[0]), position: i });
      i += number[0].length;
      continue;
    }
    const name = NAME.exec(rest);
    if (name) {
      tokens.push({ type: 'name', value: name[0], position: i });
      i += name[0].length;
      continue;
    }
    if (ch === '"' || ch === "'") {
      const read = readString(source, i);
      if (!read.ok) return read;
      tokens.push({ type: 'string', value: read.value, position: i });
      i = read.end;
      continue;
    }
    const op = OPERATORS.find((candidate) => rest.startsWith(candidate));
    if (!op) return { ok: false, error: { message: `Unexpected character '${ch}' at position ${i}`, position: i } };
    // Aliases keep one spelling per operator in the AST.
    const value = op === '==' ? '=' : op === '<>' ? '!=' : op;
    tokens.push({ type: 'op', value, position: i });
    i += op.length;
  }
  tokens.push({ type: 'end', position: source.length });
  return { ok: true, tokens };
}

function readString(
  source: string,
  start: number,
): { ok: true; value: string; end: number } | { ok: false; error: ExpressionError } {
  const quote = source[start];
  let value = '';
  for (let i = start + 1; i < source.length; i += 1) {
    const ch = source[i];
    if (ch === '\\' && i + 1 < source.length) {
      value += source[i + 1];
      i += 1;
    } else if (ch === quote) {
      return { ok: true, value, end: i + 1 };
    } else {
      value += ch;
    }
  }
  return { ok: false, error: { message: `Unterminated string starting at position ${start}`, position: start } };
}
