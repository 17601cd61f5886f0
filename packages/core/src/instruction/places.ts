import type { FormField } from '../forms/field.ts';
import { type Found, findField, type Refs } from './references.ts';
import { slice, type Text } from './text.ts';
import { anyOf, words } from './words.ts';

const AFTER = words(
  'after|right after|just after|directly after|immediately after|straight after|below|beneath|under',
  'underneath|following|right below|just below|directly below|apres|juste apres|sous|en dessous de',
  'au-dessous de|nach|direkt nach|gleich nach|hinter|unter|unterhalb|unterhalb von|despues de',
  'justo despues de|debajo de|tras|dopo|subito dopo|sotto|depois de|logo depois de|logo apos|apos',
  'abaixo de|depois do|depois da|despues del',
);
const BEFORE = words(
  'before|right before|just before|directly before|immediately before|above|ahead of|prior to',
  'in front of|preceding|right above|just above|avant|juste avant|au-dessus de|vor|direkt vor',
  'gleich vor|oberhalb|oberhalb von|antes de|justo antes de|encima de|antes del|prima di',
  'subito prima di|sopra|prima del|prima della|logo antes de|acima de|antes do|antes da',
);
const START = words(
  'at the top|to the top|at the start|to the start|at the beginning|to the beginning',
  'at the very top|to the very top|to the front|at the front|first|first of all',
  'as the first question|en premier|au debut|en haut|tout en haut|en tete|an den anfang|am anfang',
  'ganz oben|nach oben|zuerst|an erster stelle|al principio|al inicio|arriba del todo|primero',
  "en primer lugar|all'inizio|in cima|per prima|per primo|no inicio|no topo|primeiro",
  'em primeiro lugar|no comeco',
);
const END = words(
  'at the end|to the end|at the bottom|to the bottom|at the very end|to the very end',
  'at the very bottom|last|as the last question|en dernier|a la fin|en bas|tout en bas|ans ende',
  'am ende|ganz unten|zuletzt|nach unten|an letzter stelle|al final|abajo del todo|ultimo',
  'en ultimo lugar|alla fine|in fondo|per ultima|per ultimo|no final|no fim|por ultimo',
  'em ultimo lugar',
);
const OWN_PAGE = words(
  'on a page of its own|on a page of their own|on its own page|on their own page|on a separate page',
  'on a new page|on its own|on a page by itself|sur une page a part|sur sa propre page',
  'sur une nouvelle page|sur une page separee|auf eine eigene seite|auf einer eigenen seite',
  'auf eine neue seite|auf eine separate seite|en una pagina aparte|en su propia pagina',
  'en una nueva pagina|en una pagina separada|su una pagina a parte|su una nuova pagina',
  'su una pagina separata|numa pagina propria|em uma pagina separada|numa nova pagina',
  'em uma nova pagina|numa pagina separada',
);

export type Where = 'after' | 'before' | 'start' | 'end' | 'own_page';
/** A place named in a clause, where its words start, and the field it is relative to. */
export type Place = { where: Where; at: number; target?: Text };

const MARKERS: [Where, RegExp][] = [
  ['own_page', new RegExp(`${anyOf(OWN_PAGE)}\\s*$`)],
  ['start', new RegExp(`${anyOf(START)}(?!\\s+(?:question|field|one|page))\\s*$`)],
  ['end', new RegExp(`${anyOf(END)}(?!\\s+(?:question|field|one|page))\\s*$`)],
  ['after', new RegExp(anyOf(AFTER), 'g')],
  ['before', new RegExp(anyOf(BEFORE), 'g')],
];

/** The places a clause names, the last first (the place usually ends a clause). */
export function placesIn(text: Text): Place[] {
  const places: Place[] = [];
  for (const [where, pattern] of MARKERS) {
    if (!pattern.global) {
      const m = pattern.exec(text.folded);
      if (m) places.push({ where, at: m.index });
      continue;
    }
    for (const m of text.folded.matchAll(pattern)) {
      const target = slice(text, m.index + m[0].length);
      if (target.folded !== '') places.push({ where, at: m.index, target });
    }
  }
  return places.sort((a, b) => b.at - a.at);
}

/** Consecutive fields named together ('the payment details'): a place before them is before the first. */
function run(found: Found, fields: FormField[]): FormField[] | undefined {
  if (found.kind !== 'ambiguous') return undefined;
  const indexes = found.candidates.map((c) => fields.indexOf(c)).sort((a, b) => a - b);
  const consecutive = indexes.every((n, i) => i === 0 || n === (indexes[i - 1] as number) + 1);
  return consecutive ? indexes.map((i) => fields[i] as FormField) : undefined;
}

/** Where a place puts a field: after the field with this id, first (null), or what went wrong. */
export function placeAfter(
  place: Place,
  refs: Refs,
  moving?: string,
): { after: string | null; anchor?: FormField } | { problem: Found } {
  const others = refs.fields.filter((f) => f.id !== moving);
  if (place.where === 'start') return { after: null };
  if (place.where === 'end' || place.where === 'own_page') return { after: others.at(-1)?.id ?? null };
  if (!place.target) return { problem: { kind: 'missing', phrase: '', near: [] } };
  const found = findField(place.target, { ...refs, fields: others });
  const group = run(found, others);
  const anchor =
    found.kind === 'field'
      ? found.field
      : group
        ? place.where === 'after'
          ? group.at(-1)
          : group[0]
        : undefined;
  if (!anchor) return { problem: found };
  if (place.where === 'after') return { after: anchor.id, anchor };
  const index = others.indexOf(anchor);
  return { after: index > 0 ? (others[index - 1]?.id ?? null) : null, anchor };
}
