import { slice, type Text } from './text.ts';
import { anyOf, LEAD_INS, MODALS, OPTIONAL_WORDS, REQUIRED_WORDS, words } from './words.ts';

/**
 * Verbs that start a new change after 'and', a comma or 'then'. Words that are often option
 * labels or label words too ('call', 'name', 'new', 'use') are left out, so 'add options Call,
 * Text and Email' stays one clause.
 */
const STARTERS = words(
  'add|include|insert|append|create|remove|delete|drop|get rid of|take out|rename|relabel|move|put',
  'place|make|mark|set|turn|change|convert|switch|hide|show|limit|restrict|cap|require|translate',
  "sort|reorder|swap|start|split|ask|also ask|don't|dont|do not|only show|only ask|give|allow|let",
  'replace|retitle|reword|ajoute|ajoutez|rajoute|supprime|supprimez|enleve|enlevez|retire|renomme',
  'renommez|deplace|deplacez|mets|mettez|rends|rendez|fais|change|changez|transforme|masque|cache',
  'affiche|limite|traduis|demande|fuge|entferne|losche|benenne|verschiebe|mach|mache|setze|andere',
  'verstecke|blende|zeige|begrenze|ubersetze|anade|agrega|elimina|quita|borra|renombra|mueve|haz',
  'pon|cambia|convierte|oculta|muestra|limita|traduce|aggiungi|rimuovi|togli|rinomina|sposta|rendi',
  'metti|trasforma|nascondi|mostra|traduci|adiciona|adicione|remova|remove|apaga|renomeie|renomeia',
  'mova|torne|torna|deixe|mude|altere|esconda|oculte|mostre|limite|traduza',
);

const SOFT = String.raw`(?:\s*,\s*|\s+)(?:and then|and also|and|then|also|plus|&|et puis|et|puis|ensuite|und dann|und|dann|danach|y luego|y|luego|e poi|e|poi|quindi|e depois|depois)\s+|\s*,\s*`;
const HARD = /\s*(?:;|\n|[.!?](?=\s+[a-z⟦])|:(?=\s+(?:and|then)\s))\s*/g;
const CONDITION_START =
  /^(?:if|when|whenever|only if|unless|si|quand|lorsque|wenn|falls|cuando|se|quando|caso)\b/;

const starter = new RegExp(`^(?:${anyOf(LEAD_INS)}\\s+)*${anyOf(STARTERS)}`);
const flag = new RegExp(anyOf([...REQUIRED_WORDS, ...OPTIONAL_WORDS]));
const statement = new RegExp(`^[^,]{1,60}?\\s${anyOf(MODALS)}\\s`);

/** Whether the text after a soft separator is a change of its own. */
function startsClause(rest: string): boolean {
  if (starter.test(rest)) return true;
  const next = rest.split(/,|\band\b/)[0] ?? rest;
  return statement.test(next) && flag.test(next);
}

/**
 * The clauses of an instruction: split at semicolons, full stops and new lines, and at commas,
 * 'and' and 'then' (in the six languages) where a new change starts. 'A, B and C' in a list of
 * options stays whole; so does a rule's condition before its comma ('if X is No, hide Y').
 */
export function splitClauses(text: Text): Text[] {
  const hard: Text[] = [];
  let at = 0;
  for (const m of text.folded.matchAll(HARD)) {
    hard.push(slice(text, at, m.index));
    at = m.index + m[0].length;
  }
  hard.push(slice(text, at));
  return hard.flatMap(splitSoft).filter((clause) => /[a-z0-9⟦]/.test(clause.folded));
}

function splitSoft(text: Text): Text[] {
  const clauses: Text[] = [];
  let start = 0;
  for (const m of text.folded.matchAll(new RegExp(SOFT, 'g'))) {
    const rest = text.folded.slice(m.index + m[0].length);
    if (!startsClause(rest)) continue;
    const before = text.folded.slice(start, m.index).trim();
    // 'If X is No, hide Y': the condition belongs to the change after its comma.
    if (CONDITION_START.test(before.replace(/^(?:and|then|also)\s+/, '')) && !before.includes(',')) continue;
    clauses.push(slice(text, start, m.index));
    start = m.index + m[0].length;
  }
  clauses.push(slice(text, start));
  return clauses;
}
