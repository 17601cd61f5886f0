/** The shortest passphrase accepted for a form key. */
export const MIN_PASSPHRASE = 10;

/** A plain strength hint for a passphrase: what it lacks, or that it is strong. */
export function passphraseHint(passphrase: string): { strong: boolean; text: string } {
  if (passphrase.length < MIN_PASSPHRASE) {
    return { strong: false, text: `Too short: use at least ${MIN_PASSPHRASE} characters.` };
  }
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(passphrase)).length;
  const words = passphrase.trim().split(/\s+/).length;
  if (
    passphrase.length >= 16 ||
    (words >= 4 && passphrase.length >= 14) ||
    (kinds >= 3 && passphrase.length >= 12)
  ) {
    return { strong: true, text: 'Strong passphrase.' };
  }
  return {
    strong: false,
    text: 'Fair: a longer one (four or more unrelated words) is much harder to guess.',
  };
}

/** Why two typed passphrases cannot be used, or null when they can. */
export function passphraseProblem(passphrase: string, repeated: string): string | null {
  if (passphrase.length < MIN_PASSPHRASE) return `Use at least ${MIN_PASSPHRASE} characters.`;
  if (passphrase !== repeated) return 'The two passphrases differ.';
  return null;
}
