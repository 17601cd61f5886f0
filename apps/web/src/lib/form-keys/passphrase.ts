/** The shortest passphrase accepted for a form key. */
export const MIN_PASSPHRASE = 10;

/**
 * The fewest guesses (as a power of ten) zxcvbn must estimate for a passphrase. Whoever obtains a
 * form's wrapped key can guess offline, as fast as their hardware runs PBKDF2: at 600,000
 * iterations a graphics card tries some ten thousand a second, so 10^12 guesses is years of it.
 */
export const MIN_GUESSES_LOG10 = 12;

/** How many words a suggested passphrase has: 6 words of 7,776 are about 77 bits. */
const SUGGESTED_WORDS = 6;

export const PASSPHRASE_MESSAGES = {
  tooShort: `Use at least ${MIN_PASSPHRASE} characters.`,
  weak: 'Too easy to guess: anyone who obtains the encrypted key could try guesses offline. Use four or more unrelated words, or a suggested passphrase.',
  strong: 'Strong passphrase.',
  differ: 'The two passphrases differ.',
} as const;

export type PassphraseStrength = { strong: boolean; text: string };

export type PassphraseTools = {
  /** How hard the passphrase is to guess, with the message to show under it. */
  rate: (passphrase: string) => PassphraseStrength;
  /** A new random passphrase of unrelated words (from crypto.getRandomValues). */
  suggest: () => string;
};

let loading: Promise<PassphraseTools> | null = null;

/**
 * zxcvbn and its word lists (the most common passwords and the diceware words), loaded on first
 * use: a few hundred KB that only the page where a passphrase is chosen needs.
 */
export function loadPassphraseTools(): Promise<PassphraseTools> {
  loading ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([core, common]) => {
      const zxcvbn = new core.ZxcvbnFactory({
        dictionary: common.dictionary,
        graphs: common.adjacencyGraphs,
      });
      const words = common.dictionary['diceware-common'];
      return {
        rate: (passphrase) => rate(passphrase, zxcvbn.check(passphrase).guessesLog10),
        suggest: () =>
          Array.from({ length: SUGGESTED_WORDS }, () => words[randomIndex(words.length)]).join('-'),
      };
    },
  );
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

function rate(passphrase: string, guessesLog10: number): PassphraseStrength {
  if (passphrase.length < MIN_PASSPHRASE) return { strong: false, text: PASSPHRASE_MESSAGES.tooShort };
  if (guessesLog10 < MIN_GUESSES_LOG10) return { strong: false, text: PASSPHRASE_MESSAGES.weak };
  return { strong: true, text: PASSPHRASE_MESSAGES.strong };
}

/** A uniform index below `n`: random 32-bit values past the last whole multiple of n are drawn again. */
function randomIndex(n: number): number {
  const limit = Math.floor(0x1_0000_0000 / n) * n;
  const value = new Uint32Array(1);
  do crypto.getRandomValues(value);
  while (value[0]! >= limit);
  return value[0]! % n;
}

/** Why two typed passphrases cannot be used, or null when they can. */
export function passphraseProblem(
  tools: PassphraseTools,
  passphrase: string,
  repeated: string,
): string | null {
  const strength = tools.rate(passphrase);
  if (!strength.strong) return strength.text;
  if (passphrase !== repeated) return PASSPHRASE_MESSAGES.differ;
  return null;
}
