import { cleanLabel } from './clean-label.ts';
import { capitalize, foldText } from './text-utils.ts';
import type { Language } from './types.ts';

const VERB = /\b(agree|accept|consent|confirm|acknowledge|certify)\w*\s+(?:to\s+|that\s+)?(.+)$/i;
const PHRASE: Record<string, string> = {
  agree: 'I agree to',
  accept: 'I accept',
  consent: 'I consent to',
  confirm: 'I confirm',
  acknowledge: 'I acknowledge',
  certify: 'I certify',
};

function definite(text: string): string {
  return text.replace(/^(?:our|your|their|the|a|an)\s+/i, 'the ').replace(/[.!]+$/, '');
}

/** 'a parent has to accept our injury waiver' → 'I accept the injury waiver'. */
export function buildConsentLabel(text: string, language: Language): string {
  if (language !== 'en') return cleanLabel(text, language);
  const m = VERB.exec(text);
  if (m?.[1] && m[2]) {
    const rest = definite(m[2].replace(/^(?:the\s+)?(?:accept|agree)\w*\s+/i, ''));
    return `${PHRASE[m[1].toLowerCase()] ?? 'I accept'} ${rest}`;
  }
  const cleaned = cleanLabel(
    text.replace(/\b(?:a |an )?(?:checkbox|check box|tick box)\s+(?:for|to)?\s*/i, ''),
    language,
  );
  return `I accept the ${cleaned.charAt(0).toLowerCase()}${cleaned.slice(1)}`;
}

/** 'an opt-in checkbox for our monthly newsletter' → 'Subscribe to the monthly newsletter'. */
export function buildOptInLabel(text: string, language: Language): string {
  if (language !== 'en') return cleanLabel(text, language);
  const folded = foldText(text);
  const m = /\b(?:for|to)\s+(.+)$/i.exec(text);
  if (m?.[1]) return `Subscribe to ${definite(m[1])}`;
  if (/newsletter/.test(folded)) return capitalize(cleanLabel(text, language));
  return 'Keep me updated by email';
}
