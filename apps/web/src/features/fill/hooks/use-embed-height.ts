import { useEffect } from 'react';
import { postToHost } from '../lib/embed-messages.ts';

/**
 * Inside an iframe, tells the embedding page how tall the form is, so public/embed.js can size
 * the frame without a scrollbar, and passes Escape on: keys pressed in the frame never reach the
 * embedding page, whose popup closes on Escape.
 */
export function useEmbedHeight(enabled: boolean): void {
  useEffect(() => {
    if (!enabled || window.parent === window) return;
    const root = document.getElementById('root');
    if (!root) return;
    let last = 0;
    const post = () => {
      const height = Math.ceil(root.getBoundingClientRect().height);
      if (height === last) return;
      last = height;
      postToHost({ type: 'formsmith:height', height });
    };
    // A control that uses Escape itself (a list box closing) prevents the default.
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) postToHost({ type: 'formsmith:escape' });
    };
    const observer = new ResizeObserver(post);
    observer.observe(root);
    document.addEventListener('keydown', onKey);
    post();
    return () => {
      observer.disconnect();
      document.removeEventListener('keydown', onKey);
    };
  }, [enabled]);
}
