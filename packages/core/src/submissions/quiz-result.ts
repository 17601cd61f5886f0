import * as z from 'zod/mini';

/**
 * A quiz's result: what the logic engine scores (`logic/run.ts`) and the server stores in the
 * submission's metadata (`metadata.quiz`): the points earned, the most that could be earned, and
 * whether it reached the pass mark (null when the quiz has none).
 */
export const quizResultSchema = z.object({
  score: z.number(),
  max: z.number(),
  passed: z.nullable(z.boolean()),
});
export type QuizResult = z.infer<typeof quizResultSchema>;

/** The stored quiz result of a submission, or null for one that is not a quiz answer. */
export function quizResultOf(metadata: Record<string, unknown> | null | undefined): QuizResult | null {
  const parsed = quizResultSchema.safeParse(metadata?.quiz);
  return parsed.success ? parsed.data : null;
}

/** '7 of 10 points, passed' */
export function describeQuizResult(result: QuizResult): string {
  const points = `${result.score} of ${result.max} ${result.max === 1 ? 'point' : 'points'}`;
  return result.passed === null ? points : `${points}, ${result.passed ? 'passed' : 'not passed'}`;
}
