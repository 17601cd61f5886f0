/**
 * The calculation language of calculated fields and variable rules: numbers, + - * / (also × ÷),
 * parentheses, comparisons (= == != <> < <= > >=), and/or/not, and the functions min, max,
 * round, abs, floor, ceil and if. Names refer to answers (by field id) and variables (by name).
 *
 * Parsed by a small recursive-descent parser into a tree that is evaluated against a lookup
 * function: nothing is ever passed to eval or new Function, and a name is only ever a key handed
 * to the lookup, so an expression cannot reach globals or object prototypes.
 */

export type Expr =
  | { kind: 'number'; value: number }
  | { kind: 'name'; name: string }
  | { kind: 'unary'; op: '-' | 'not'; arg: Expr }
  | { kind: 'binary'; op: BinaryOp; left: Expr; right: Expr }
  | { kind: 'call'; fn: FunctionName; args: Expr[] };

type BinaryOp = '+' | '-' | '*' | '/' | '=' | '!=' | '<' | '<=' | '>' | '>=' | 'and' | 'or';

export const EXPRESSION_FUNCTIONS = ['min', 'max', 'round', 'abs', 'floor', 'ceil', 'if'] as const;
type FunctionName = (typeof EXPRESSION_FUNCTIONS)[number];

export type ParseResult = { ok: true; expr: Expr } | { ok: false; error: string; at: number };

type Token =
  | { t: 'num'; value: number; at: number }
  | { t: 'name'; value: string; at: number }
  | { t: 'op'; value: string; at: number }
  | { t: 'end'; at: number };

/** Longest input accepted, so a pasted essay cannot make parsing slow. */
export const MAX_EXPRESSION_LENGTH = 2000;
const MAX_DEPTH = 64;

class ExprError extends Error {
  constructor(
    message: string,
    readonly at: number,
  ) {
    super(message);
  }
}

const OPERATOR_ALIASES: Record<string, string> = { '×': '*', '÷': '/', '−': '-', '==': '=', '<>': '!=' };

function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i] as string;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const num = /^(?:\d+(?:\.\d*)?|\.\d+)/.exec(src.slice(i));
    if (num) {
      tokens.push({ t: 'num', value: Number(num[0]), at: i });
      i += num[0].length;
      continue;
    }
    const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(src.slice(i));
    if (name) {
      tokens.push({ t: 'name', value: name[0], at: i });
      i += name[0].length;
      continue;
    }
    const two = src.slice(i, i + 2);
    if (['<=', '>=', '!=', '==', '<>'].includes(two)) {
      tokens.push({ t: 'op', value: OPERATOR_ALIASES[two] ?? two, at: i });
      i += 2;
      continue;
    }
    if ('+-*/()<>=,×÷−'.includes(c)) {
      tokens.push({ t: 'op', value: OPERATOR_ALIASES[c] ?? c, at: i });
      i++;
      continue;
    }
    if (c === '@') {
      // The editor writes names as `@Question label` and stores the name; an `@` left here named
      // no question or variable.
      const word = /^@[^\s@+\-*/()<>=,×÷−]*/.exec(src.slice(i))?.[0] ?? '@';
      throw new ExprError(`No question or variable is called ${word}`, i);
    }
    throw new ExprError(`Unexpected character '${c}'`, i);
  }
  tokens.push({ t: 'end', at: src.length });
  return tokens;
}

class Parser {
  private pos = 0;
  private depth = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(): Token {
    return this.tokens[this.pos] as Token;
  }
  private next(): Token {
    return this.tokens[this.pos++] as Token;
  }
  private isOp(value: string): boolean {
    const tok = this.peek();
    return tok.t === 'op' && tok.value === value;
  }
  private isWord(value: string): boolean {
    const tok = this.peek();
    return tok.t === 'name' && tok.value.toLowerCase() === value;
  }
  private expectOp(value: string): void {
    const tok = this.next();
    if (tok.t !== 'op' || tok.value !== value) throw new ExprError(`Expected '${value}'`, tok.at);
  }

  parseAll(): Expr {
    const expr = this.or();
    const tok = this.peek();
    if (tok.t !== 'end') throw new ExprError('Unexpected text after the expression', tok.at);
    return expr;
  }

  private nested<T>(at: number, parse: () => T): T {
    if (++this.depth > MAX_DEPTH) throw new ExprError('Expression is nested too deeply', at);
    try {
      return parse();
    } finally {
      this.depth--;
    }
  }

  private or(): Expr {
    let left = this.and();
    while (this.isWord('or')) {
      this.next();
      left = { kind: 'binary', op: 'or', left, right: this.and() };
    }
    return left;
  }
  private and(): Expr {
    let left = this.not();
    while (this.isWord('and')) {
      this.next();
      left = { kind: 'binary', op: 'and', left, right: this.not() };
    }
    return left;
  }
  private not(): Expr {
    if (this.isWord('not')) {
      const at = this.next().at;
      return this.nested(at, () => ({ kind: 'unary', op: 'not', arg: this.not() }));
    }
    return this.comparison();
  }
  private comparison(): Expr {
    const left = this.additive();
    const tok = this.peek();
    if (tok.t === 'op' && ['=', '!=', '<', '<=', '>', '>='].includes(tok.value)) {
      this.next();
      return { kind: 'binary', op: tok.value as BinaryOp, left, right: this.additive() };
    }
    return left;
  }
  private additive(): Expr {
    let left = this.term();
    while (this.isOp('+') || this.isOp('-')) {
      const op = (this.next() as { value: string }).value as '+' | '-';
      left = { kind: 'binary', op, left, right: this.term() };
    }
    return left;
  }
  private term(): Expr {
    let left = this.unary();
    while (this.isOp('*') || this.isOp('/')) {
      const op = (this.next() as { value: string }).value as '*' | '/';
      left = { kind: 'binary', op, left, right: this.unary() };
    }
    return left;
  }
  private unary(): Expr {
    if (this.isOp('-')) {
      const at = this.next().at;
      return this.nested(at, () => ({ kind: 'unary', op: '-', arg: this.unary() }));
    }
    if (this.isOp('+')) {
      this.next();
      return this.unary();
    }
    return this.primary();
  }
  private primary(): Expr {
    const tok = this.next();
    if (tok.t === 'num') return { kind: 'number', value: tok.value };
    if (tok.t === 'op' && tok.value === '(') {
      const inner = this.nested(tok.at, () => this.or());
      this.expectOp(')');
      return inner;
    }
    if (tok.t === 'name') {
      const lower = tok.value.toLowerCase();
      if (this.isOp('(')) {
        if (!(EXPRESSION_FUNCTIONS as readonly string[]).includes(lower)) {
          throw new ExprError(`Unknown function '${tok.value}'`, tok.at);
        }
        this.next();
        const args: Expr[] = [];
        if (!this.isOp(')')) {
          do {
            args.push(this.nested(tok.at, () => this.or()));
          } while (this.isOp(',') && this.next());
        }
        this.expectOp(')');
        checkArity(lower as FunctionName, args.length, tok.at);
        return { kind: 'call', fn: lower as FunctionName, args };
      }
      if (['and', 'or', 'not'].includes(lower)) throw new ExprError(`Unexpected '${tok.value}'`, tok.at);
      return { kind: 'name', name: tok.value };
    }
    if (tok.t === 'end') throw new ExprError('The expression ends too early', tok.at);
    throw new ExprError(`Unexpected '${tok.value}'`, tok.at);
  }
}

function checkArity(fn: FunctionName, count: number, at: number): void {
  const [least, most] =
    fn === 'if' ? [3, 3] : fn === 'round' ? [1, 2] : fn === 'min' || fn === 'max' ? [1, 50] : [1, 1];
  if (count < least || count > most) {
    const wanted = least === most ? `${least}` : `${least} to ${most}`;
    throw new ExprError(`${fn}() takes ${wanted} argument${most === 1 ? '' : 's'}`, at);
  }
}

/** Parses an expression; errors carry a message and the character position. */
export function parseExpression(src: string): ParseResult {
  if (src.length > MAX_EXPRESSION_LENGTH) {
    return { ok: false, error: `Expression is longer than ${MAX_EXPRESSION_LENGTH} characters`, at: 0 };
  }
  try {
    return { ok: true, expr: new Parser(tokenize(src)).parseAll() };
  } catch (err) {
    if (err instanceof ExprError) return { ok: false, error: err.message, at: err.at };
    throw err;
  }
}

/** Every name an expression refers to, in order of first use. */
export function expressionNames(expr: Expr): string[] {
  const names = new Set<string>();
  const walk = (e: Expr): void => {
    switch (e.kind) {
      case 'number':
        break;
      case 'name':
        names.add(e.name);
        break;
      case 'unary':
        walk(e.arg);
        break;
      case 'binary':
        walk(e.left);
        walk(e.right);
        break;
      case 'call':
        for (const arg of e.args) walk(arg);
        break;
      default: {
        const never: never = e;
        throw new Error(`unknown expression ${String(never)}`);
      }
    }
  };
  walk(expr);
  return [...names];
}

/**
 * Evaluates to a finite number, or null when a referenced value is missing or the result is not a
 * number (division by zero, overflow). Comparisons and logic give 1 for true and 0 for false.
 */
export function evaluateExpression(expr: Expr, lookup: (name: string) => number | null): number | null {
  const value = evaluate(expr, lookup);
  return value !== null && Number.isFinite(value) ? value : null;
}

function evaluate(e: Expr, lookup: (name: string) => number | null): number | null {
  switch (e.kind) {
    case 'number':
      return e.value;
    case 'name':
      return lookup(e.name);
    case 'unary': {
      const v = evaluate(e.arg, lookup);
      if (e.op === 'not') return v === null || v === 0 ? 1 : 0;
      return v === null ? null : -v;
    }
    case 'binary':
      return binary(e.op, evaluate(e.left, lookup), () => evaluate(e.right, lookup));
    case 'call':
      return call(e.fn, e.args, lookup);
    default: {
      const never: never = e;
      return never;
    }
  }
}

function binary(op: BinaryOp, a: number | null, right: () => number | null): number | null {
  if (op === 'and') return truthy(a) && truthy(right()) ? 1 : 0;
  if (op === 'or') return truthy(a) || truthy(right()) ? 1 : 0;
  const b = right();
  if (a === null || b === null)
    return op === '!=' ? (a === b ? 0 : 1) : op === '=' ? (a === b ? 1 : 0) : null;
  switch (op) {
    case '+':
      return a + b;
    case '-':
      return a - b;
    case '*':
      return a * b;
    case '/':
      return b === 0 ? null : a / b;
    case '=':
      return a === b ? 1 : 0;
    case '!=':
      return a !== b ? 1 : 0;
    case '<':
      return a < b ? 1 : 0;
    case '<=':
      return a <= b ? 1 : 0;
    case '>':
      return a > b ? 1 : 0;
    case '>=':
      return a >= b ? 1 : 0;
    default: {
      const never: never = op;
      return never;
    }
  }
}

function truthy(v: number | null): boolean {
  return v !== null && v !== 0;
}

function call(fn: FunctionName, args: Expr[], lookup: (name: string) => number | null): number | null {
  if (fn === 'if') {
    const [cond, then, otherwise] = args as [Expr, Expr, Expr];
    return truthy(evaluate(cond, lookup)) ? evaluate(then, lookup) : evaluate(otherwise, lookup);
  }
  const values = args.map((arg) => evaluate(arg, lookup));
  if (values.some((v) => v === null)) return null;
  const nums = values as number[];
  const first = nums[0] as number;
  switch (fn) {
    case 'min':
      return Math.min(...nums);
    case 'max':
      return Math.max(...nums);
    case 'abs':
      return Math.abs(first);
    case 'floor':
      return Math.floor(first);
    case 'ceil':
      return Math.ceil(first);
    case 'round': {
      const digits = Math.max(0, Math.min(10, Math.trunc(nums[1] ?? 0)));
      const scale = 10 ** digits;
      // Round half away from zero, as people do by hand (Math.round(-2.5) would give -2).
      return (Math.sign(first) * Math.round(Math.abs(first) * scale)) / scale;
    }
    default: {
      const never: never = fn;
      return never;
    }
  }
}
