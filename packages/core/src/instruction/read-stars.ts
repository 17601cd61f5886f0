import type { FieldChanges, NewField } from '../forms/edit-patch.ts';
import type { FormField } from '../forms/field.ts';
import {
  addsQuestion,
  type Context,
  type Doubt,
  doubtAbout,
  quote,
  type Reader,
  without,
} from './reading.ts';
import { findField } from './references.ts';
import { slice, type Text } from './text.ts';
import { NUMBER, readNumber } from './values.ts';
import { anyOf, MODALS, SET_VERBS, words } from './words.ts';

/** A star, in the languages the interpreter reads (folded: 'étoiles' is 'etoiles'). */
export const STAR = String.raw`(?:stars?|etoiles?|sternen?|sterne?|estrellas?|stelle|stella|estrelas?)\b`;
const HALF = String.raw`\b(?:half[ -]?|demi[ -]?|halbe[nr]? |medias? |mezze |meias? )${STAR}`;
// 'ten stars', '10-star', 'out of 10 stars', 'sur 10 étoiles', 'mit 10 Sternen'.
const COUNT = new RegExp(String.raw`${NUMBER}\s*-?\s*${STAR}`);
// 'out of 10' says the count only of a question that already is a star rating.
const OUT_OF = new RegExp(String.raw`\b(?:out of|sur|von|de|su)\s+${NUMBER}\s*$`);
const NO_HALF = new RegExp(
  String.raw`\b(?:no|not|without|disallow|forbid|turn off|switch off|disable|remove|drop|stop allowing|don't allow|dont allow|sans|pas de|keine|ohne|sin|senza|sem)\b[^.]*${HALF}|\b(?:whole|full|ganze|entieres|enteras|intere|inteiras) ${STAR}\s*only|\bonly (?:whole|full) ${STAR}`,
);

/** The star count and half stars a text asks for; null when it says neither. */
export function readStarWords(folded: string): { stars?: number; halfStars?: boolean } | null {
  const found: { stars?: number; halfStars?: boolean } = {};
  if (NO_HALF.test(folded)) found.halfStars = false;
  else if (new RegExp(HALF).test(folded)) found.halfStars = true;
  const count = COUNT.exec(folded.replace(new RegExp(HALF, 'g'), ' '));
  const stars = count ? readNumber(count[1] as string) : undefined;
  if (stars !== undefined) found.stars = stars;
  return Object.keys(found).length ? found : null;
}

/**
 * The words of a new star rating that say its stars, taken out so they do not end up in its label
 * ('with 10 stars', 'allowing half stars', or the '10-' the type's words 'star rating' left of '10-star rating').
 */
export function withoutStarWords(text: Text): Text {
  return without(
    text,
    String.raw`(?:\b(?:with|out of|allowing|that allows|avec|mit|con|com|sur|von|su)\s+)?(?:${NUMBER}\s*-?\s*${STAR}|${NUMBER}\s*-(?=\s|$)|${HALF}(?:\s+allowed)?)`,
  );
}

/** A new star rating with the count and half stars its words ask for. */
export function starsOfDraft(text: Text, field: NewField): NewField {
  if (field.type !== 'rating') return field;
  const found = readStarWords(text.folded);
  if (!found) return field;
  return {
    ...field,
    ...(found.stars !== undefined ? { stars: found.stars } : {}),
    ...(found.halfStars ? { halfStars: true } : {}),
  };
}

const NOISE = anyOf([
  ...SET_VERBS,
  ...MODALS,
  ...words(
    'allow|allows|permit|enable|turn on|switch on|give|show|offer|display|no|not|without|disallow|forbid',
    'turn off|switch off|disable|remove|drop|stop allowing|only|whole|full|out of|with|to|for|on|of|in',
    'the|a|an|it|its|rating question|rating field|star rating|rating|question|field|instead|sur|avec|mit',
    'von|de|con|com|su|sans|pas de|keine|ohne|sin|senza|sem|la|le|les|el|il|das|die|der|utilise|usa',
    'use|using|have|has|and|add|let|let people|erlauben|erlaube|autoriser|autorise|autorisez|permettre',
    'permitir|permite|permitid|consentire|consenti|permetti|usar|usa|verwende|verwenden|zulassen',
  ),
]);

function ratingNamed(clause: Text, context: Context): FormField | Doubt {
  const named = without(
    without(clause, String.raw`${HALF}|${NUMBER}\s*-?\s*${STAR}|${NUMBER}|${STAR}|[-–]`),
    NOISE,
  );
  const ratings = context.form.fields.filter((f) => f.type === 'rating');
  // 'use 10 stars', 'make the rating out of 10': only one question can be meant.
  if (named.folded.trim() === '' && ratings.length === 1) return ratings[0] as FormField;
  const found = findField(named, context.refs);
  if (found.kind !== 'field') return doubtAbout(found, 'Which star rating');
  if (found.field.type !== 'rating')
    return { doubt: `${quote(found.field)} is not a star rating: only a star rating has stars.` };
  return found.field;
}

function describe(field: FormField, changes: { stars?: number; halfStars?: boolean }): string {
  const half = changes.halfStars;
  if (changes.stars === undefined)
    return half ? `Allow half stars in ${quote(field)}.` : `Take only whole stars in ${quote(field)}.`;
  const more = half === true ? ', half stars allowed' : half === false ? ', whole stars only' : '';
  return `Give ${quote(field)} ${changes.stars} stars${more}.`;
}

/**
 * 'Make the rating out of 10 stars', 'use 10 stars', 'allow half stars', 'no half stars on the
 * food rating': a star rating's count and half stars. A count outside 1 to 10 is passed on as
 * asked, so the patch refuses it with the reason rather than bending it into range.
 */
export const readStars: Reader = (clause, context) => {
  const t = clause.folded;
  // 'add a 10-star rating for the food' is a new question (its stars are read with it);
  // 'add half stars to the food rating' changes one.
  if (addsQuestion(clause) && !new RegExp(String.raw`^\w+\s+${HALF}`).test(t)) return null;
  let found = readStarWords(t);
  let field: FormField | undefined;
  if (!found) {
    const outOf = OUT_OF.exec(t);
    if (!outOf) return null;
    const n = readNumber(outOf[1] as string);
    const named = ratingNamed(slice(clause, 0, outOf.index), context);
    // 'make the satisfaction scale out of 10' is about a scale, for the other readers.
    if (n === undefined || !('id' in named) || named.type !== 'rating') return null;
    found = { stars: n };
    field = named;
  }
  if (!field) {
    const named = ratingNamed(clause, context);
    if (!('id' in named)) return named;
    field = named;
  }
  const changes: FieldChanges = found;
  return {
    operations: [{ op: 'update_field', id: field.id, changes }],
    summary: describe(field, found),
    touched: [field.id],
  };
};
