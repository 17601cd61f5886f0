/**
 * The proof-of-work spam defence an owner may turn on per form (no third party: ALTCHA's open
 * scheme, the server issues and checks the challenges). The public page asks the server for a
 * challenge when it opens and solves it in the background; the submit carries the solution, which
 * the server checks and accepts once. The page posted without JavaScript is checked by the time
 * and decoy checks alone, as before.
 */

/**
 * The key the public view's theme_config carries the setting under. The setting itself is a column
 * of the form, saved with its limits and applied at once; drafts from before held it here.
 */
export const SPAM_CHALLENGE_SETTING = 'proofOfWork';

/** Whether a form asks submits from its page's script for a solved challenge. */
export function spamChallengeOn(themeConfig: Record<string, unknown> | null | undefined): boolean {
  return themeConfig?.[SPAM_CHALLENGE_SETTING] === true;
}

/** The submit's `altcha`: base64 of the JSON `{challenge, solution}` the page solved. */
export const SPAM_SOLUTION_MAX_LENGTH = 4000;

export const SPAM_CHALLENGE_MESSAGES = {
  missing: 'This form checks that it is sent from its page. Reload the page and send it again.',
  refused: 'The check that this form was sent from its page did not pass. Reload the page and send it again.',
  notAsked: 'This form does not ask for a challenge',
} as const;
