import { useEffect, useState } from 'react';
import { loadPassphraseTools, type PassphraseTools } from './passphrase.ts';

/** The passphrase checker and generator, once loaded (null until then, or if it could not load). */
export function usePassphraseTools(): PassphraseTools | null {
  const [tools, setTools] = useState<PassphraseTools | null>(null);
  useEffect(() => {
    let live = true;
    loadPassphraseTools().then(
      (loaded) => live && setTools(loaded),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return tools;
}
