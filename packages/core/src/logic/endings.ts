import { FORM_DEFAULTS } from '../fields/constants.ts';
import type { Ending, FormLogic } from './definition.ts';

// A form ends with one of its endings. The first is its plain ending: where the last page leads
// unless a rule ends the form elsewhere. The success message of earlier releases is that ending's
// message: older clients read and write it as `success_message`, and a form stored with only a
// success message got an ending holding it (a data migration), so nothing respondents saw moved.

/** The id of the ending made from a success message (made unique among the form's endings). */
export const PLAIN_ENDING_ID = 'ending_default';

/** The ending a respondent reaches when no rule ends the form elsewhere; undefined for none. */
export function plainEnding(logic: Pick<FormLogic, 'endings'>): Ending | undefined {
  return logic.endings[0];
}

/** The success message as older clients read it: the plain ending's message (the default when blank). */
export function successMessageOf(logic: Pick<FormLogic, 'endings'>): string {
  return plainEnding(logic)?.message.trim() || FORM_DEFAULTS.successMessage;
}

/** The translation key of the message respondents see when the form ends without a rule. */
export function plainMessageKey(logic: Pick<FormLogic, 'endings'>): string {
  const ending = plainEnding(logic);
  return ending ? `ending.${ending.id}.message` : 'successMessage';
}

/** An ending holding a success message, with an id none of `endings` has. */
export function endingFromMessage(message: string, endings: readonly Ending[]): Ending {
  let id = PLAIN_ENDING_ID;
  for (let n = 2; endings.some((e) => e.id === id); n += 1) id = `${PLAIN_ENDING_ID}_${n}`;
  return { id, title: '', message, redirectParams: [] };
}

/**
 * The endings a save leaves, the success message folded in as the plain ending's text: logic with
 * no endings gets one made from the message; a message sent alone becomes the plain ending's
 * text; a message sent with logic whose plain ending says something else comes from a client that
 * knows only the success message, so it goes first, as the ending it always was.
 */
export function settleEndings(input: {
  logic: FormLogic;
  /** The success message the save sent, if any. */
  successMessage: string | undefined;
  /** Whether the save sent the logic (else it is the stored one). */
  logicSent: boolean;
  /** The message of a form that has neither (the stored or the default success message). */
  fallbackMessage: string;
}): FormLogic {
  const { logic, successMessage } = input;
  const first = plainEnding(logic);
  if (!first) return { ...logic, endings: [endingFromMessage(successMessage ?? input.fallbackMessage, [])] };
  if (successMessage === undefined || successMessage === successMessageOf(logic)) return logic;
  if (input.logicSent) {
    return { ...logic, endings: [endingFromMessage(successMessage, logic.endings), ...logic.endings] };
  }
  return { ...logic, endings: [{ ...first, message: successMessage }, ...logic.endings.slice(1)] };
}
