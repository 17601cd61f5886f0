/**
 * What the embedded form page tells the page that frames it; public/embed.js reads these and
 * re-dispatches `formsmith:submitted` as a DOM event. Nothing posted carries an answer.
 */
export type EmbedMessage =
  | { type: 'formsmith:height'; height: number }
  | { type: 'formsmith:submitted'; formId: number; submissionId: string }
  | { type: 'formsmith:escape' };

/** Posts to the framing page, if there is one. */
export function postToHost(message: EmbedMessage): void {
  if (window.parent === window) return;
  // Any origin: the framing page is whichever site the owner pasted the form into.
  window.parent.postMessage(message, '*');
}
