import { useEffect } from 'react';

/**
 * Inside an iframe, tells the embedding page how tall the form is, so public/embed.js can size
 * the frame without a scrollbar.
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
      window.parent.postMessage({ type: 'formsmith:height', height }, '*');
    };
    const observer = new ResizeObserver(post);
    observer.observe(root);
    post();
    return () => observer.disconnect();
  }, [enabled]);
}
