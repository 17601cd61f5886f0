import { describe, expect, it } from 'vitest';
import { extractInlineChoices, parseAnnotation, splitChoices } from './parse-options.ts';

describe('splitChoices', () => {
  it('splits commas, a final "or" and spaced slashes', () => {
    expect(splitChoices('red, green or blue')).toEqual(['Red', 'Green', 'Blue']);
    expect(splitChoices('low / medium / high')).toEqual(['Low', 'Medium', 'High']);
  });

  it('keeps choices written with digits or inner capitals as they are', () => {
    expect(splitChoices('12 oz, 16 oz, iPad')).toEqual(['12 oz', '16 oz', 'iPad']);
  });
});

describe('parseAnnotation', () => {
  it('reads a trailing qualifier as a flag, not a choice', () => {
    expect(parseAnnotation('mornings, evenings – tick any')).toMatchObject({
      options: ['Mornings', 'Evenings'],
      multi: true,
    });
    const optional = parseAnnotation('optional');
    expect(optional.optional).toBe(true);
    expect(optional.options).toBeUndefined();
  });

  it('reads examples as a placeholder and a bare range as bounds', () => {
    expect(parseAnnotation('sofa, desk, etc.').placeholder).toBe('e.g. sofa, desk');
    expect(parseAnnotation('1.0–5.0')).toMatchObject({ min: 1, max: 5, step: 0.1 });
  });
});

describe('extractInlineChoices', () => {
  it('takes yes/no and numeric choices out of the label', () => {
    expect(extractInlineChoices('extra cheese yes or no')).toEqual({
      label: 'extra cheese',
      options: ['Yes', 'No'],
    });
    expect(extractInlineChoices('lesson length of 45 or 90 minutes')).toEqual({
      label: 'lesson length',
      options: ['45 minutes', '90 minutes'],
    });
  });
});
