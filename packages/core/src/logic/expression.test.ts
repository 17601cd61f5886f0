import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Expr, evaluateExpression, expressionNames, parseExpression } from './expression.ts';

function calc(src: string, values: Record<string, number> = {}): number | null {
  const parsed = parseExpression(src);
  if (!parsed.ok) throw new Error(parsed.error);
  return evaluateExpression(parsed.expr, (name) =>
    Object.hasOwn(values, name) ? (values[name] as number) : null,
  );
}

describe('calculation language', () => {
  it('follows arithmetic precedence and parentheses, with × and ÷ as aliases', () => {
    expect(calc('1 + 2 * 3')).toBe(7);
    expect(calc('(1 + 2) * 3')).toBe(9);
    expect(calc('10 ÷ 4 × 2')).toBe(5);
    expect(calc('-2 - -3')).toBe(1);
    expect(calc('2 * -(3 + 1)')).toBe(-8);
  });

  it('has min, max, round (half away from zero, with digits), abs, floor, ceil and if', () => {
    expect(calc('min(3, 1, 2) + max(4, 9)')).toBe(10);
    expect(calc('round(2.5) + round(-2.5)')).toBe(0);
    expect(calc('round(1.2345, 2)')).toBe(1.23);
    expect(calc('abs(-4) + floor(1.9) + ceil(1.1)')).toBe(7);
    expect(calc('if(price > 100, price * 0.9, price)', { price: 200 })).toBe(180);
    expect(calc('if(price > 100 and qty >= 2, 1, 0)', { price: 150, qty: 1 })).toBe(0);
    expect(calc('if(not (a = 1) or b <> 2, 5, 6)', { a: 1, b: 2 })).toBe(6);
  });

  it('reads answers and variables by name, and is empty (null) when one is missing', () => {
    expect(calc('qty * price', { qty: 3, price: 2.5 })).toBe(7.5);
    expect(calc('qty * price', { qty: 3 })).toBeNull();
    expect(calc('1 / 0')).toBeNull();
    expect(expressionNames((parseExpression('a + max(b, a) * c') as { expr: Expr }).expr)).toEqual([
      'a',
      'b',
      'c',
    ]);
  });

  it('explains a syntax error with its position', () => {
    expect(parseExpression('1 + ')).toMatchObject({
      ok: false,
      error: 'The expression ends too early',
      at: 4,
    });
    expect(parseExpression('2 $ 3')).toMatchObject({ ok: false, error: "Unexpected character '$'", at: 2 });
    expect(parseExpression('@Nobody * 2')).toMatchObject({
      ok: false,
      error: 'No question or variable is called @Nobody',
      at: 0,
    });
    expect(parseExpression('eval(1)')).toMatchObject({ ok: false, error: "Unknown function 'eval'" });
    expect(parseExpression('round()')).toMatchObject({ ok: false, error: 'round() takes 1 to 2 arguments' });
    expect(parseExpression('(((1')).toMatchObject({ ok: false, error: "Expected ')'" });
    expect(parseExpression(`${'('.repeat(100)}1${')'.repeat(100)}`)).toMatchObject({
      ok: false,
      error: 'Expression is nested too deeply',
    });
  });

  it('never reaches globals or prototypes: every name goes to the lookup and nowhere else', () => {
    const dangerous = [
      'constructor',
      '__proto__',
      'prototype',
      'globalThis',
      'process',
      'toString',
      'valueOf',
      'this',
    ];
    fc.assert(
      fc.property(
        fc.array(
          fc.constantFrom(
            ...dangerous,
            'x',
            '+',
            '*',
            '(',
            ')',
            '1',
            ',',
            'max',
            '.',
            '[',
            ']',
            '"',
            "'",
            ';',
            '=',
            '`',
          ),
          {
            maxLength: 25,
          },
        ),
        (parts) => {
          const src = parts.join(' ');
          const parsed = parseExpression(src);
          if (!parsed.ok) return;
          const asked: string[] = [];
          const value = evaluateExpression(parsed.expr, (name) => {
            asked.push(name);
            return null;
          });
          // Names may only come back through the lookup, which answered null for all of them.
          expect(value === null || Number.isFinite(value)).toBe(true);
          for (const name of asked) expect([...dangerous, 'x', 'max']).toContain(name);
          if (asked.length > 0 && !/max|=|<|>|and|or|not/.test(src)) expect(value).toBeNull();
        },
      ),
    );
  });

  it('evaluates any arithmetic of numbers the way JavaScript does, without eval', () => {
    const term = fc.integer({ min: -50, max: 50 });
    fc.assert(
      fc.property(
        term,
        fc.constantFrom('+', '-', '*'),
        term,
        fc.constantFrom('+', '-', '*'),
        term,
        (a, op1, b, op2, c) => {
          const src = `(${a}) ${op1} (${b}) ${op2} (${c})`;
          const apply = (x: number, op: string, y: number) =>
            op === '+' ? x + y : op === '-' ? x - y : x * y;
          const expected =
            op2 === '*' && op1 !== '*' ? apply(a, op1, b * c) : apply(apply(a, op1, b), op2, c);
          // + 0 turns -0 into 0 on both sides.
          expect((calc(src) as number) + 0).toBe(expected + 0);
        },
      ),
    );
  });
});
