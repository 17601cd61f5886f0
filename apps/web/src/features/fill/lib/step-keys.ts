import type { KeyboardEvent } from 'react';

// Not a slider's 'Answer with this value' box: it is no choice of the question's.
const CHOICES = '[data-step] input[type=radio], [data-step] input[type=checkbox]:not([name="_answered"])';

/**
 * One question at a time is answered by keyboard: Enter goes on (Shift+Enter is a new line in long
 * text), letter keys pick the question's choices (A, B, C… as their hints show), and the arrow keys
 * move between checkboxes as they already do between radio buttons.
 */
export function onStepKeyDown(e: KeyboardEvent<HTMLFormElement>): void {
  const target = e.target as HTMLElement;
  const tag = target.tagName;
  const type = target instanceof HTMLInputElement ? target.type : '';
  const choice = type === 'radio' || type === 'checkbox';
  if (e.key === 'Enter') {
    // Text inputs submit by themselves; these would not, or would add a line.
    const goesOn = (tag === 'TEXTAREA' && !e.shiftKey) || tag === 'SELECT' || choice;
    if (goesOn && !e.nativeEvent.isComposing) {
      e.preventDefault();
      e.currentTarget.requestSubmit();
    }
    return;
  }
  const typing = tag === 'TEXTAREA' || tag === 'SELECT' || (tag === 'INPUT' && !choice);
  if (typing || e.ctrlKey || e.metaKey || e.altKey) return;
  const choices = [...e.currentTarget.querySelectorAll<HTMLInputElement>(CHOICES)];
  if (/^[a-z]$/i.test(e.key)) {
    const picked = choices[e.key.toUpperCase().charCodeAt(0) - 65];
    if (!picked || picked.disabled) return;
    e.preventDefault();
    picked.focus();
    picked.click();
    return;
  }
  if (type === 'checkbox' && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
    const at = choices.indexOf(target as HTMLInputElement);
    const step = e.key === 'ArrowDown' ? 1 : -1;
    e.preventDefault();
    choices[(at + step + choices.length) % choices.length]?.focus();
  }
}
