/** A submit pressed before the app took over: the form and the button that sent it. */
type Held = { form: HTMLFormElement; submitter: HTMLElement | null };

/**
 * Holds a submit of the server's form pressed before the page's app is live, so it is not posted
 * past the app (which checks the answers, seals an encrypted form's, and sends them itself), and
 * `onHold` starts the takeover if nothing had yet. `release()`, once the takeover is over, sends the
 * held submit again: through the app when it is live, or (the app could not load) as the page
 * posts without script. Submits after the release go their way untouched.
 */
export function holdSubmits(root: HTMLElement) {
  let held: Held | null = null;
  let released = false;
  let started: () => void = () => {};
  const hold = (event: SubmitEvent) => {
    const form = event.target;
    if (released || !(form instanceof HTMLFormElement) || !root.contains(form)) return;
    event.preventDefault();
    held = { form, submitter: event.submitter };
    started();
  };
  document.addEventListener('submit', hold, true);
  return {
    onHold(start: () => void) {
      started = start;
    },
    release() {
      released = true;
      document.removeEventListener('submit', hold, true);
      const pending = held;
      held = null;
      if (!pending?.form.isConnected) return;
      const { form, submitter } = pending;
      // The button must still belong to the form to send it (the app may have drawn it anew).
      const button = submitter && form.contains(submitter) ? submitter : null;
      form.requestSubmit(button);
    },
  };
}
