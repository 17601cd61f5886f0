import { describe, expect, it } from 'vitest';
import { describeQuizResult, quizResultOf } from './quiz-result.ts';

describe('a submission quiz result', () => {
  it('is read from the metadata the server stored, and nothing else', () => {
    expect(quizResultOf({ quiz: { score: 7, max: 10, passed: true } })).toEqual({
      score: 7,
      max: 10,
      passed: true,
    });
    expect(quizResultOf({})).toBeNull();
    expect(quizResultOf({ quiz: { score: '7' } })).toBeNull();
    expect(quizResultOf(null)).toBeNull();
  });

  it('reads as points of the maximum, with the pass mark when the quiz has one', () => {
    expect(describeQuizResult({ score: 7, max: 10, passed: true })).toBe('7 of 10 points, passed');
    expect(describeQuizResult({ score: 0, max: 1, passed: false })).toBe('0 of 1 point, not passed');
    expect(describeQuizResult({ score: 3, max: 5, passed: null })).toBe('3 of 5 points');
  });
});
