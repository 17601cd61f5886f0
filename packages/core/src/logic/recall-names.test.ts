import { describe, expect, it } from 'vitest';
import {
  chipNames,
  chipSpans,
  chipsToExpression,
  chipsToRecall,
  expressionToChips,
  recallToChips,
} from './recall-names.ts';

const refs = [
  { name: 'field_52b62278', label: 'Years of experience' },
  { name: 'field_a1', label: 'Name' },
  { name: 'field_a2', label: 'Name' },
  { name: 'field_b', label: '' },
  { name: 'total', label: 'total' },
];

describe('recall written with question names', () => {
  it('shows recall by the question label, not the id', () => {
    expect(recallToChips('You have {{field_52b62278}} years', refs)).toBe(
      'You have @Years of experience years',
    );
    expect(recallToChips('Hi {{ field_a1 }}', refs)).toBe('Hi @Name');
  });

  it('tells apart questions that share a label, and names one without a label by its id', () => {
    const chips = chipNames(refs);
    expect(chips.get('field_a1')).toBe('Name');
    expect(chips.get('field_a2')).toBe('Name (2)');
    expect(chips.get('field_b')).toBe('field_b');
  });

  it('stores what the owner typed with the ids underneath', () => {
    expect(chipsToRecall('Hi @Name (2), and @Name', refs)).toBe('Hi {{field_a2}}, and {{field_a1}}');
    expect(chipsToRecall('@years of experience!', refs)).toBe('{{field_52b62278}}!');
  });

  it('leaves an @ that names nothing as typed', () => {
    expect(chipsToRecall('write to me@example.com or @Nobody', refs)).toBe(
      'write to me@example.com or @Nobody',
    );
    expect(chipsToRecall('half-typed @Yea', refs)).toBe('half-typed @Yea');
  });

  it('keeps a reference to an unknown name as it is stored', () => {
    expect(recallToChips('Hi {{gone}}', refs)).toBe('Hi {{gone}}');
  });

  it('round-trips every text the editor shows, so the caret never jumps', () => {
    for (const stored of ['{{field_a1}} and {{field_a2}}', 'Score: {{total}}', 'plain', '{{gone}} @x']) {
      const shown = recallToChips(stored, refs);
      expect(chipsToRecall(shown, refs)).toBe(stored);
      expect(recallToChips(chipsToRecall(shown, refs), refs)).toBe(shown);
    }
  });

  it('cuts a long label to one short line', () => {
    const long = [{ name: 'f', label: `What is your\nfavourite ${'very '.repeat(20)}long thing?` }];
    const chip = chipNames(long).get('f') ?? '';
    expect(chip.length).toBeLessThanOrEqual(40);
    expect(chip).not.toMatch(/\n/);
    expect(chipsToRecall(recallToChips('{{f}}', long), long)).toBe('{{f}}');
  });

  it('finds the chips in a shown text for the editor to draw', () => {
    const text = 'Hi @Name (2) and @Name';
    expect(chipSpans(text, refs).map((s) => text.slice(s.start, s.end))).toEqual(['@Name (2)', '@Name']);
  });
});

describe('calculations written with question names', () => {
  it('shows names as chips and leaves functions and numbers alone', () => {
    expect(expressionToChips('round(field_52b62278 * 2) + total', refs)).toBe(
      'round(@Years of experience * 2) + @total',
    );
  });

  it('stores a calculation typed with chips by its names', () => {
    expect(chipsToExpression('max(@Years of experience, @total) / 2', refs)).toBe(
      'max(field_52b62278, total) / 2',
    );
  });

  it('round-trips', () => {
    const stored = 'if(field_a2 > 3, field_a1, 0)';
    expect(chipsToExpression(expressionToChips(stored, refs), refs)).toBe(stored);
  });
});
