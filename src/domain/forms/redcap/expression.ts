// Translates REDCap branching logic and calculations into our expression language
// (docs/redcap-import.md has the table). A construct without a faithful equivalent is refused
// with a reason, never guessed: the import report lists it and the field keeps no condition.
import { parseExpression } from '../expression';

/** How a REDCap variable became one of our fields, as far as expressions care. */
export interface ExpressionField {
  id: string;
  kind: 'boolean' | 'checkbox' | 'other';
}

export type ExpressionTranslation = { ok: true; expression: string; reads: string[] } | { ok: false; reason: string };

type Token =
  | { type: 'field'; name: string; option?: string }
  | { type: 'string'; value: string }
  | { type: 'number'; value: string }
  | { type: 'word'; value: string }
  | { type: 'op'; value: string };

class Untranslatable extends Error {}

const OPERATORS = ['<=', '>=', '<>', '!=', '==', '=', '<', '>', '+', '-', '*', '/', '^', '(', ')', ','];
const COMPARISONS = new Set(['=', '==', '!=', '<>', '<', '<=', '>', '>=']);
/** REDCap functions written the same way in our language. */
const SAME_FUNCTIONS = new Set(['if', 'min', 'max', 'sum', 'round', 'sqrt', 'abs', 'exp']);
/** Days in one datediff unit (REDCap's own factors: a month is 30.44 days, a year 365.2425). */
const DATEDIFF_UNITS: Readonly<Record<string, string>> = { y: ' / 365.2425', M: ' / 30.44', w: ' / 7', d: '', h: ' * 24', m: ' * 1440', s: ' * 86400' };

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const rest = source.slice(i);
    const space = /^\s+/.exec(rest);
    const field = /^\[([a-z][a-z0-9_]*)(?:\(([A-Za-z0-9_-]+)\))?\]/i.exec(rest);
    const number = /^\d+(?:\.\d+)?/.exec(rest);
    const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(rest);
    if (space) i += space[0].length;
    else if (field) {
      // [event][field] and smart variables ([field:value], [aggregate-...]) read outside the form.
      if (source[i + field[0].length] === '[') throw new Untranslatable(`"${rest.slice(0, 40)}" reads another event`);
      tokens.push({ type: 'field', name: field[1].toLowerCase(), option: field[2] });
      i += field[0].length;
    } else if (rest.startsWith('[')) throw new Untranslatable(`"${/^\[[^\]]*\]?/.exec(rest)?.[0] ?? '['}" is not a field of this form`);
    else if (rest[0] === '"' || rest[0] === "'") {
      const end = source.indexOf(rest[0], i + 1);
      if (end < 0) throw new Untranslatable('unterminated string');
      tokens.push({ type: 'string', value: source.slice(i + 1, end) });
      i = end + 1;
    } else if (number) {
      tokens.push({ type: 'number', value: number[0] });
      i += number[0].length;
    } else if (word) {
      tokens.push({ type: 'word', value: word[0].toLowerCase() });
      i += word[0].length;
    } else {
      const op = OPERATORS.find((candidate) => rest.startsWith(candidate));
      if (!op) throw new Untranslatable(`unexpected character "${rest[0]}"`);
      tokens.push({ type: 'op', value: op });
      i += op.length;
    }
  }
  return tokens;
}

const quote = (text: string): string => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

class Translator {
  private position = 0;
  readonly reads = new Set<string>();

  constructor(
    private readonly tokens: Token[],
    private readonly fields: ReadonlyMap<string, ExpressionField>,
  ) {}

  /** Translates tokens until a `)` or `,` at this nesting level (or the end). */
  sequence(): string {
    const out: string[] = [];
    while (this.position < this.tokens.length) {
      const token = this.tokens[this.position];
      if (token.type === 'op' && (token.value === ')' || token.value === ',')) break;
      out.push(this.item());
    }
    return out.join(' ');
  }

  private next(): Token | undefined {
    const token = this.tokens[this.position];
    this.position += 1;
    return token;
  }

  private expectOp(value: string): void {
    const token = this.next();
    if (token?.type !== 'op' || token.value !== value) throw new Untranslatable(`expected "${value}"`);
  }

  private item(): string {
    const token = this.next() as Token;
    switch (token.type) {
      case 'field':
        return this.fieldTerm(token);
      case 'string':
        return quote(token.value);
      case 'number':
        return token.value;
      case 'op':
        if (token.value === '(') {
          const inner = this.sequence();
          this.expectOp(')');
          return `(${inner})`;
        }
        return token.value === '==' ? '=' : token.value === '<>' ? '!=' : token.value;
      default:
        return this.word(token.value);
    }
  }

  private word(word: string): string {
    if (word === 'and' || word === 'or' || word === 'true' || word === 'false') return word;
    const following = this.tokens[this.position];
    if (following?.type !== 'op' || following.value !== '(') throw new Untranslatable(`"${word}" is not a field reference or function`);
    this.position += 1;
    const args: string[] = [];
    const first = this.tokens[this.position];
    if (first?.type === 'op' && first.value === ')') this.position += 1;
    else {
      for (;;) {
        args.push(this.sequence());
        const separator = this.next();
        if (separator?.type === 'op' && separator.value === ')') break;
        if (separator?.type !== 'op' || separator.value !== ',') throw new Untranslatable(`unclosed call of ${word}()`);
      }
    }
    return this.call(word, args);
  }

  private call(name: string, args: string[]): string {
    if (SAME_FUNCTIONS.has(name)) return `${name}(${args.join(', ')})`;
    if (name === 'isblankormissingcode') return `isEmpty(${args.join(', ')})`;
    if (name === 'log') {
      if (args.length === 1) return `ln(${args[0]})`;
      if (args.length === 2 && args[1] === '10') return `log10(${args[0]})`;
      throw new Untranslatable(`log() with base ${args[1] ?? '?'} has no equivalent`);
    }
    if (name === 'datediff') return this.datediff(args);
    throw new Untranslatable(`the function ${name}() has no equivalent`);
  }

  private datediff(args: string[]): string {
    if (args.length < 3 || args.length > 5) throw new Untranslatable('datediff() needs 3 to 5 arguments');
    const date = (arg: string): string => (arg === "'today'" ? 'today()' : arg);
    const unit = /^'(.*)'$/.exec(args[2])?.[1] ?? '';
    const factor = DATEDIFF_UNITS[unit];
    if (factor === undefined) throw new Untranslatable(`datediff() unit ${args[2]} is not one of y, M, w, d, h, m, s`);
    // The 4th argument is a date format (our dates are ISO whatever it says); the 5th asks for a signed result.
    const signed = args.some((arg, i) => i >= 3 && /^'?true'?$/i.test(arg));
    const days = `daysBetween(${date(args[0])}, ${date(args[1])})${factor}`;
    return signed ? days : `abs(${days})`;
  }

  private fieldTerm(token: Extract<Token, { type: 'field' }>): string {
    const field = this.fields.get(token.name);
    if (!field) throw new Untranslatable(`[${token.name}] is not a field of this form`);
    this.reads.add(field.id);
    const operator = this.tokens[this.position];
    const literal = this.tokens[this.position + 1];
    const compared = operator?.type === 'op' && COMPARISONS.has(operator.value) && (literal?.type === 'string' || literal?.type === 'number');
    const equality = compared && ['=', '==', '!=', '<>'].includes(operator.value);
    const negated = equality && (operator.value === '!=' || operator.value === '<>');
    const value = compared ? (literal as { value: string }).value : null;
    if (token.option !== undefined) {
      if (field.kind !== 'checkbox') throw new Untranslatable(`[${token.name}(${token.option})] reads an option of a field that is not a checkbox`);
      if (!equality || (value !== '1' && value !== '0')) throw new Untranslatable(`[${token.name}(${token.option})] must be compared with '1' or '0'`);
      this.position += 2;
      const checked = (value === '1') !== negated;
      return `${checked ? '' : 'not '}contains(${field.id}, ${quote(token.option)})`;
    }
    if (equality && value === '') {
      this.position += 2;
      return `${negated ? 'not ' : ''}isEmpty(${field.id})`;
    }
    if (field.kind === 'boolean' && equality) {
      if (value !== '1' && value !== '0') throw new Untranslatable(`[${token.name}] is yes/no and can only equal '1' or '0'`);
      this.position += 2;
      return `${field.id} ${negated ? '!=' : '='} ${value === '1' ? 'true' : 'false'}`;
    }
    if (field.kind === 'checkbox') throw new Untranslatable(`[${token.name}] is a checkbox: read one option as [${token.name}(code)]`);
    return field.id;
  }

  get done(): boolean {
    return this.position >= this.tokens.length;
  }
}

export function translateRedcapExpression(source: string, fields: ReadonlyMap<string, ExpressionField>): ExpressionTranslation {
  try {
    const translator = new Translator(tokenize(source), fields);
    const expression = translator.sequence();
    if (!translator.done) throw new Untranslatable('unbalanced parentheses');
    if (expression === '') throw new Untranslatable('is empty');
    const parsed = parseExpression(expression);
    if (!parsed.ok) throw new Untranslatable(`gives "${expression}", which does not parse: ${parsed.error.message}`);
    return { ok: true, expression, reads: [...translator.reads] };
  } catch (error) {
    if (error instanceof Untranslatable) return { ok: false, reason: error.message };
    throw error;
  }
}
