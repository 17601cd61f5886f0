import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { makeField } from '../fields/test-fields.ts';
import { toWireField, wireFieldCodec, wireFieldSchema } from './field-wire.ts';
import { normalizeFields } from './read-field.ts';

describe('toWireField', () => {
  it('writes every alias: type twice, required twice, min/max and options at the top and in the rules', () => {
    const options = [{ id: 'a', label: 'A', value: 'a' }];
    const select = makeField('select', { id: 's', label: 'Pick', position: 2, options, helpText: 'h' });
    expect(toWireField({ ...select, validation: { required: true } })).toEqual({
      id: 's',
      label: 'Pick',
      field_type: 'select',
      type: 'select',
      is_required: true,
      position: 2,
      validation_rules: { required: true, options },
      options,
      help_text: 'h',
    });
    const age = toWireField(makeField('number', { validation: { min: 1, max: 3 } }));
    expect(age).toMatchObject({ min: 1, max: 3, validation_rules: { required: false, min: 1, max: 3 } });
    expect(wireFieldSchema.parse(age)).toEqual(age);
  });

  it('sends no options for other types', () => {
    const wire = toWireField(makeField('text'));
    expect(wire.options).toBeUndefined();
    expect(wire.validation_rules).toEqual({ required: false });
    expect(wire.is_required).toBe(false);
  });
});

describe('wireFieldCodec', () => {
  it('decodes what it encodes, for any field the door reads', () => {
    const list = z.array(wireFieldCodec);
    fc.assert(
      fc.property(fc.array(fc.anything(), { maxLength: 6 }), (raw) => {
        const fields = normalizeFields(raw);
        const wire = z.encode(list, fields);
        expect(z.decode(list, JSON.parse(JSON.stringify(wire)))).toEqual(JSON.parse(JSON.stringify(fields)));
      }),
      { numRuns: 300 },
    );
  });

  it('refuses a response whose field lost a name it needs', () => {
    const { is_required: _gone, ...broken } = toWireField(makeField('text'));
    expect(wireFieldCodec.safeParse(broken).success).toBe(false);
  });
});

describe('logic members on the wire', () => {
  it('carries calculated expressions, page breaks, quiz points and URL prefill both ways', () => {
    const fields = normalizeFields([
      {
        id: 'q',
        type: 'radio',
        label: 'Q',
        prefill: { from_url: true, param: 'q' },
        options: [
          { id: 'a', label: 'A', value: 'a', points: 2, correct: true },
          { id: 'b', label: 'B', value: 'b', points: 0 },
        ],
      },
      { id: 'p2', type: 'page_break', label: 'Second page' },
      { id: 'total', type: 'calculated', label: 'Total', expression: 'q * 2', show_result: true },
    ]);
    expect(fields.map((f) => f.type)).toEqual(['radio', 'page_break', 'calculated']);
    const wire = fields.map(toWireField);
    expect(wire[0]).toMatchObject({ prefill: { from_url: true, param: 'q' } });
    expect(wire[0]?.options?.[0]).toMatchObject({ points: 2, correct: true });
    expect(wire[2]).toMatchObject({ expression: 'q * 2', show_result: true });
    expect(wire.map((w) => z.decode(wireFieldCodec, w))).toEqual(fields);
  });
});
