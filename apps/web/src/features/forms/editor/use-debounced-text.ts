import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A text input's value that is committed `delay` ms after the last keystroke (labels 300 ms,
 * patterns 500 ms), and at once on blur or unmount so no edit is lost.
 */
export function useDebouncedText(initial: string, delay: number, commit: (value: string) => void) {
  const [text, setText] = useState(initial);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<string | null>(null);
  const commitRef = useRef(commit);
  commitRef.current = commit;

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    if (pending.current === null) return;
    const value = pending.current;
    pending.current = null;
    commitRef.current(value);
  }, []);

  useEffect(() => flush, [flush]);

  const change = useCallback(
    (value: string) => {
      setText(value);
      pending.current = value;
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, delay);
    },
    [delay, flush],
  );

  return { text, change, flush };
}
