import type { RuleAction } from '../forms/edit-patch.ts';
import { without } from './reading.ts';
import { slice, type Text } from './text.ts';
import { anyOf, MODALS, REQUIRED_WORDS, words } from './words.ts';

// How owners write a rule: its condition and its action, in the six languages and in the three
// orders they come in ('if X, hide Y', 'hide Y if X', 'people who answer X shouldn't see Y').

export type Kind = RuleAction['type'];

const ACTIONS: [Kind, string[]][] = [
  [
    'end',
    words(
      'end the form|end the survey|end the questionnaire|finish the form|stop the form|close the form',
      'go to the end|skip to the end|jump to the end|send them to the end|take them to the end|end it',
      'end|finish|submit the form|terminer le formulaire|terminer|termine|aller a la fin',
      'fin du formulaire|formular beenden|beende das formular|beenden|beende|zum ende',
      'terminar el formulario|terminar|termina|finalizar|finaliza|ir al final|terminare il modulo',
      'terminare|concludere|concludi|vai alla fine|encerrar o formulario|encerrar|encerra|encerre',
      'ir para o fim|ir para o final',
    ),
  ],
  [
    'jump',
    words(
      'skip to|jump to|go to|go straight to|send them to|take them to|continue at|continue with',
      'move on to|skip ahead to|aller a|passer a|sauter a|springe zu|spring zu|weiter zu|gehe zu',
      'weiter mit|salta a|saltar a|ir a|pasar a|vai a|andare a|passa a|pule para|pular para|ir para',
      'va para|vai para',
    ),
  ],
  [
    'hide',
    words(
      "hide|hides|hidden|don't show|dont show|do not show|don't display|do not display|not show|not see",
      "shouldn't see|shouldnt see|should not see|won't see|will not see|can't see|cannot see|don't see",
      "dont see|do not see|never see|not be shown|not be asked|shouldn't be asked|shouldn't get",
      "should not get|don't ask|dont ask|do not ask|not be asked|skip|masque|masquer|masquez|cache",
      "cacher|cachez|ne pas afficher|n'affiche pas|ne voient pas|ne doivent pas voir|ne pas montrer",
      'ausblenden|blende|verstecke|verstecken|nicht anzeigen|nicht sehen|oculta|ocultar|esconde',
      'esconder|no mostrar|no muestres|no ven|no deben ver|nascondi|nascondere|non mostrare|non vedono',
      'non devono vedere|oculte|esconda|nao mostrar|nao mostre|nao veem|nao devem ver|ne doit pas voir',
      'soll nicht sehen|sollen nicht sehen|no debe ver|non deve vedere|nao deve ver|nao deveria ver',
      "shouldn't be shown|should not be shown|should be hidden|be hidden",
    ),
  ],
  ['require', [...REQUIRED_WORDS, 'require', 'make required']],
  [
    'show',
    words(
      'only show|only ask|only display|show|shows|display|reveal|ask|should see|see|appear|appears',
      'be shown|be asked|affiche|afficher|affichez|montre|montrer|voient|doivent voir|zeige|zeigen',
      'anzeigen|einblenden|sehen|muestra|mostrar|ven|deben ver|mostra|mostrare|vedono|devono vedere',
      'mostre|exibir|exiba|veem|devem ver',
    ),
  ],
];

const IF = words(
  'only if|only when|if|when|whenever|in case|as long as|provided|unless|si|seulement si|quand',
  'lorsque|wenn|nur wenn|falls|sofern|cuando|solo si|se|solo se|quando|caso|somente se|apenas se',
);
const FOR_WHO = String.raw`(?:for|to|pour|fur|para|per|a)\s+(?=(?:the\s+)?(?:people|those|anyone|anybody|respondents?|guests?|users?|customers?|applicants?|attendees?|visitors?|everyone|everybody|ceux|celles|les personnes|les gens|alle|leute|quienes|los que|las personas|chi|quelli|quem|os que|as pessoas)\b)`;
// 'Who', or 'that'/'qui'/'que'/'che' after the people it is about ('haz que …' is not a condition).
const WHO =
  /\b(?:who|whoever|quienes|quien|wer|chi|quem)\b|\b(?:people|those|anyone|respondents?|guests?|users?|customers?|everyone|personnes|gens|ceux|celles|invites|personas|gente|los|las|invitados|persone|quelli|coloro|ospiti|pessoas|os|as|aqueles|convidados)\s+(?:that|qui|que|che|die)\b|, die\b/;
const THEN =
  /\s*(?:,\s*(?:then\s+|alors\s+|dann\s+|entonces\s+|allora\s+|entao\s+)?|\s+then\s+|\s+alors\s+|\s+dann\s+|\s+entonces\s+|\s+allora\s+|\s+entao\s+)/;
export const NOISE = anyOf([
  ...MODALS,
  'only',
  'them',
  'to them',
  'people',
  'respondents',
  'the respondent',
  'also',
  'please',
  'seulement',
  'nur',
  'solo',
  'solamente',
  'somente',
  'apenas',
  'they',
  'les',
  'ihnen',
  'les',
  'gli',
  'lhes',
]);

export function findAction(text: string): { kind: Kind; at: number; end: number } | undefined {
  let best: { kind: Kind; at: number; end: number } | undefined;
  for (const [kind, words] of ACTIONS) {
    const m = new RegExp(anyOf(words)).exec(text);
    if (m && (!best || m.index < best.at || (m.index === best.at && m.index + m[0].length > best.end)))
      best = { kind, at: m.index, end: m.index + m[0].length };
  }
  return best;
}

/** The rule's condition, and its action's words, in any of the three orders owners write them in. */
export function parts(
  clause: Text,
): { condition: Text; action: Text; unless: boolean; target?: Text } | undefined {
  const t = clause.folded;
  const lead = new RegExp(`^${anyOf(IF)}\\s+`).exec(t);
  if (lead) {
    const rest = slice(clause, lead[0].length);
    const then = THEN.exec(rest.folded);
    const action = then ? { at: then.index, end: then.index + then[0].length } : findAction(rest.folded);
    if (!action || action.at === 0) return undefined;
    return {
      condition: slice(rest, 0, action.at),
      action: slice(rest, then ? action.end : action.at),
      unless: /^unless/.test(lead[0]),
    };
  }
  const trailing = new RegExp(`\\s+(?:${anyOf(IF)}|${FOR_WHO})\\s*`, 'g');
  for (const m of t.matchAll(trailing)) {
    // 'a question asking if they have allergies' is what the question asks, not a condition.
    if (/\b(?:ask(?:s|ing)?|whether|demande|fragt|pregunta|chiede|pergunta)\s*$/.test(t.slice(0, m.index)))
      continue;
    return {
      condition: slice(clause, m.index + m[0].length),
      action: slice(clause, 0, m.index),
      unless: /unless/.test(m[0]),
    };
  }
  const action = findAction(t);
  if (!action || action.at === 0) return undefined;
  const before = t.slice(0, action.at);
  // German 'die' is also an article: only 'wer' or ', die' starts a condition there.
  if (!WHO.test(before)) return undefined;
  // 'Wer bei X Nein antwortet, soll die Frage zum Essen nicht sehen': the question sits between.
  const comma = before.indexOf(',');
  const condition = slice(clause, 0, comma >= 0 ? comma : action.at);
  const between = comma >= 0 ? slice(clause, comma + 1, action.at) : undefined;
  return {
    condition: without(condition, `${anyOf(MODALS)}\\s*$|\\s+only\\s*$`),
    action: slice(clause, action.at),
    unless: false,
    ...(between && between.folded !== '' ? { target: between } : {}),
  };
}
