import {
  needsSecondFactor,
  type SignInResult,
  type TwoFactorChallenge,
} from '@formsmith/core/auth/two-factor';
import type { QueryClient } from '@tanstack/react-query';
import { startSession } from '../../../lib/session.ts';

/** Starts the session of a sign-in answer, or hands back the challenge when a second factor is due. */
export async function finishSignIn(
  queryClient: QueryClient,
  result: SignInResult,
): Promise<TwoFactorChallenge | null> {
  if (needsSecondFactor(result)) return result;
  await startSession(queryClient, result);
  return null;
}
