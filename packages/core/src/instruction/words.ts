/**
 * The words the interpreter reads, folded (no accents), in English, French, German, Spanish,
 * Italian and Portuguese: verbs of each kind of change and their synonyms, what marks a field as
 * required or optional, negations, field types, conditions and rule actions.
 */

/** A word list written compactly: phrases separated by '|', in as many strings as fit a line. */
export function words(...chunks: string[]): string[] {
  return chunks.join('|').split('|');
}

/** A regular expression source matching any of the phrases as whole words. */
export function anyOf(phrases: readonly string[]): string {
  const sorted = [...phrases].sort((a, b) => b.length - a.length);
  return `(?<![a-z0-9-])(?:${sorted.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+')).join('|')})(?![a-z0-9-])`;
}

/** Words of politeness and framing before the verb: 'please', 'can you', 'I'd like you to'. */
export const LEAD_INS = [
  'please',
  'pls',
  'plz',
  'kindly',
  'can you',
  'could you',
  'would you',
  'will you',
  'can we',
  'could we',
  'i want to',
  'i would like to',
  "i'd like to",
  'id like to',
  'i want you to',
  "i'd like you to",
  'we want to',
  'we need to',
  'i need to',
  'you should',
  'we should',
  "let's",
  'lets',
  'go ahead and',
  'also',
  'and',
  'then',
  'now',
  'ok',
  'okay',
  'hi',
  'hey',
  'just',
  'quickly',
  'actually',
  'oh and',
  'finally',
  'next',
  'could you please',
  'can you please',
  'make sure to',
  'remember to',
  'try to',
  // fr
  "s'il te plait",
  "s'il vous plait",
  'stp',
  'svp',
  'merci de',
  'peux-tu',
  'peux tu',
  'pouvez-vous',
  'pouvez vous',
  'pourrais-tu',
  'pourriez-vous',
  'je veux',
  'je voudrais',
  'il faut',
  'on doit',
  'ensuite',
  'puis',
  'aussi',
  'et',
  // de
  'bitte',
  'kannst du',
  'konntest du',
  'konnen sie',
  'konnten sie',
  'ich mochte',
  'ich will',
  'wir mussen',
  'dann',
  'danach',
  'ausserdem',
  'auch',
  'und',
  // es
  'por favor',
  'puedes',
  'podrias',
  'puede',
  'podria',
  'quiero',
  'quisiera',
  'hay que',
  'luego',
  'despues',
  'tambien',
  'y',
  // it
  'per favore',
  'per piacere',
  'puoi',
  'potresti',
  'vorrei',
  'voglio',
  'bisogna',
  'poi',
  'quindi',
  'inoltre',
  'anche',
  'e',
  // pt
  'pode',
  'podes',
  'poderia',
  'voce pode',
  'quero',
  'gostaria de',
  'precisamos',
  'depois',
  'entao',
  'tambem',
];

export const ADD_VERBS = words(
  'add|adds|adding|include|insert|append|put in|create|collect|capture|request|new|give me|we need',
  'i need|need|also need|want|we want|i want|there should be|ajoute|ajouter|ajoutez|ajoutes|rajoute',
  'rajouter|rajoutez|insere|inserer|inserez|inclus|inclure|incluez|cree|creer|creez|nouveau',
  'nouvelle|fuge|fugt|fugen|fug|hinzufugen|erganze|erganzen|erganz|einfugen|erstelle|erstellen',
  'neues|neue|neuen|anade|anadir|anada|agrega|agregar|agregue|incluye|incluir|incluya|inserta',
  'insertar|inserte|crea|crear|nuevo|nueva|aggiungi|aggiungere|aggiunga|inserisci|inserire',
  'inserisca|includi|includere|creare|nuovo|nuova|adiciona|adicione|adicionar|acrescenta|acrescente',
  'acrescentar|inclua|inclui|insira|inserir|crie|criar|novo|nova',
);

/** 'Ask for', 'ask whether': adding a question, in the words of what it asks. */
export const ASK_VERBS = words(
  'ask|ask for|ask about|also ask|ask people|ask them|ask respondents|ask guests|ask users',
  'ask customers|ask applicants|ask attendees|ask everyone|ask visitors|demande|demander|demandez',
  'frage nach|frag nach|frage|fragt|pregunta|preguntar|pregunte|pide|pedir|chiedi|chiedere|chieda',
  'pergunte|perguntar|pergunta|peca|pedir',
);

export const REMOVE_VERBS = words(
  'remove|delete|drop|get rid of|take out|take away|cut|lose|scrap|ditch|eliminate|erase|kill|axe',
  'nuke|strip|trash|rm|del|removes|deletes|remove the|no need for|supprime|supprimer|supprimez',
  'supprimes|enleve|enlever|enlevez|retire|retirer|retirez|efface|effacer|effacez|ote|oter|otez',
  'entferne|entfernen|entfernt|losche|loschen|loscht|loesche|streiche|streichen|nimm|elimina',
  'eliminar|elimine|quita|quitar|quite|borra|borrar|borre|suprime|suprimir|saca|sacar|rimuovi',
  'rimuovere|rimuova|eliminare|togli|togliere|tolga|cancella|cancellare|leva|remova|remover|apaga',
  'apague|apagar|exclui|exclua|excluir|tira|tire|tirar',
);

export const RENAME_VERBS = words(
  'rename|renames|relabel|retitle|reword|rephrase|call|label|name|title|renomme|renommer|renommez',
  'appelle|appeler|appelez|intitule|intituler|intitulez|benenne|benennen|umbenennen|nenne|nenn',
  'bezeichne|renombra|renombrar|renombre|llama|llamar|titula|titular|rinomina|rinominare|rinomini',
  'chiama|chiamare|intitola|renomeia|renomeie|renomear|chama|chame|chamar|intitule',
);

export const MOVE_VERBS = words(
  'move|moves|put|place|shift|bring|drag|relocate|position|deplace|deplacer|deplacez|mets|mettre',
  'mettez|place|placer|placez|bouge|verschiebe|verschieben|setze|setz|stelle|stell|bewege|pack',
  'mueve|mover|mueva|pon|poner|ponga|coloca|colocar|coloque|sposta|spostare|sposti|metti|mettere',
  'muovi|colloca|move|mova|coloca|coloque|poe|ponha',
);

/** Verbs that set something on a field: 'make it required', 'turn it into a dropdown'. */
export const SET_VERBS = words(
  'make|makes|set|mark|turn|change|convert|switch|transform|have|keep|update|modify|edit|use|let',
  'ensure|make sure|rends|rendre|rendez|fais|faire|faites|passe|passer|passez|transforme',
  'transformer|change|changer|changez|modifie|modifier|modifiez|marque|marquer|mets|mettez|utilise',
  'definis|definir|mach|mache|machen|macht|setze|setz|stelle|andere|andern|aendere|verwandle',
  'markiere|nutze|verwende|haz|hacer|haga|pon|ponga|marca|marcar|cambia|cambiar|cambie|convierte',
  'convertir|transforma|vuelve|deja|usa|define|establece|rendi|rendere|renda|fai|imposta|impostare',
  'segna|cambiare|trasforma|trasformare|converti|usa|lascia|torna|torne|tornar|deixa|deixe|faz|faca',
  'marque|muda|mude|mudar|altera|altere|alterar|transforme|converte|converta|defina|use',
);

/** Modal verbs and copulas of a statement: 'X should be required', 'X doit être obligatoire'. */
export const MODALS = words(
  'darf|durfen|kann|konnen|puede|pueden|pode|podem|peut|peuvent|puo|possono|may|might',
  'should|shall|must|needs to|need to|has to|have to|ought to|will|would|can|could|is|are|be|being',
  "become|becomes|to be|get|gets|stay|remain|it's|its|should've|shouldnt|shouldn't|mustn't|mustnt",
  "isn't|isnt|aren't|doesn't|doesnt|don't|dont|does|do|needn't|cannot|can't|doit|doivent|devrait",
  'devraient|est|sont|soit|etre|sera|devient|reste|faut|soll|sollte|sollen|muss|mussen|ist|sind',
  'sein|wird|werden|bleibt|debe|deben|deberia|tiene que|es|son|sea|ser|sera|queda|este|esta|deve',
  'devono|dovrebbe|e|sono|sia|essere|diventa|resta|devem|deveria|tem que|precisa|precisa ser|seja',
  'fica|ficar|estar',
);

export const REQUIRED_WORDS = words(
  'required|require|requires|requiring|mandatory|compulsory|obligatory|a must|must answer',
  'must be answered|must be filled|must be filled in|must be filled out|needs an answer|needed',
  'a required field|a required question|required field|required question|obligatoire|obligatoires',
  'requis|requise|exige|exigee|pflicht|pflichtfeld|pflichtangabe|pflichtfrage|erforderlich',
  'verpflichtend|obligatorisch|ein pflichtfeld|zum pflichtfeld|zu einem pflichtfeld|obligatorio',
  'obligatoria|obligatorios|requerido|requerida|necesario|exigido|obbligatorio|obbligatoria',
  'obbligatori|obbligatorie|necessario|obrigatorio|obrigatoria|obrigatorios|obrigatorias|exigido|exigida',
  'obligatorias|requises|filled in|filled out|be filled|has to be answered|needs to be answered|must be completed',
  // Common slips of the keyboard.
  'requried|reqired|requred|requird|requiered|mandetory|manditory|mandatary|compulsary|obligatry',
);

export const OPTIONAL_WORDS = words(
  'optional|optionally|voluntary|skippable|can be skipped|can be left blank|can be left empty',
  'can be blank|can be empty|may be left blank|not compulsory|facultatif|facultative|facultatifs',
  'optionnel|optionnelle|freiwillig|optionales|opcional|opcionales|voluntario|facoltativo',
  'facoltativa|opzionale|opzionali|facultativo|facultativa|opcionais|facultatives|optionnelles|optionnels',
  'facoltative|facoltativi|facultativas|facultativos|optinal|optionl|opional|otional|optonal',
);

/** Words that turn what follows around: 'not required', 'plus obligatoire', 'nicht mehr Pflicht'. */
export const NEGATIONS = words(
  "not|n't|no longer|never|no|non|ne|n'|pas|plus|nicht|kein|keine|keinen|nao|nunca|jamais|mai|nie",
  'without|sans|ohne|sin|senza|sem|shouldnt|dont|doesnt|isnt|mustnt|neednt|cannot|cant|stop',
);

/** 'Every question', 'all fields', 'tout': an instruction about the whole form. */
export const EVERY = words(
  'every question|every field|all questions|all the questions|all fields|all the fields',
  'all of the questions|all of the fields|each question|each field|everything|all|every one|every|each|all of them',
  'the whole form|the entire form|all answers|toutes les questions|tous les champs|chaque question',
  'chaque champ|tout|tous|toutes|alle fragen|alle felder|jede frage|jedes feld|alles|alle',
  'todas las preguntas|todos los campos|cada pregunta|cada campo|todo|todas|todos|tutte le domande',
  'tutti i campi|ogni domanda|ogni campo|tutto|tutte|tutti|todas as perguntas|todos os campos',
  'cada pergunta|tudo',
);

/** Connectors between a thing and what it becomes: 'rename X to Y', 'renomme X en Y'. */
export const INTO = words(
  'to|into|as|with|in|en|par|a|au|zu|zum|zur|auf|por|como|in|come|para|em|so it says',
  'so that it says|so it reads|so it is called|to read|to say',
);

/** Yes and no as respondents answer them. */
export const YES = words('yes|y|oui|ja|si|sim|true|yeah|yep');
export const NO = words('no|n|non|nein|nao|false|nope');

/** Words between a reference and nothing else: articles, 'field', 'question'. */
export const FILLER = words(
  'the|a|an|this|that|these|those|my|our|your|their|its|of|for|on|in|field|fields|question',
  'questions|box|input|entry|item|one|answer|section|choices|choice|options|option|list|form|part',
  "bit|thing|please|too|also|le|la|les|l'|l|un|une|du|des|de|d'|d|ce|cette|ces|champ|champs|case",
  'zone|au|aux|a|der|die|das|den|dem|des|ein|eine|einen|einem|einer|dieses|diese|diesen|feld|felder',
  'frage|fragen|von|vom|im|zum|zur|el|los|las|una|del|al|este|esta|campo|campos|pregunta|preguntas',
  'casilla|il|lo|gli|uno|della|dello|dei|delle|questo|questa|domanda|domande|casella|di|nel|nella|o',
  'os|as|um|uma|do|da|dos|das|pergunta|perguntas|caixa|no|na',
);

/** Words that name a field just mentioned: 'make it required'. */
export const PRONOUNS = words(
  'it|them|that|this|that one|this one|that field|this field|that question|this question',
  'the new field|the new one|the new question|same|le|la|lo|es|ihn|sie|ele|ela|ce champ',
  'cette question|dieses feld|diese frage|este campo|esta pregunta|questo campo|questa domanda',
  'esse campo|essa pergunta',
);

/** Language names, in each language, for 'translate into Spanish' and 'the French label'. */
export const LANGUAGE_NAMES: Record<string, string[]> = {
  en: words('english|anglais|englisch|englische|ingles|inglese|ingles'),
  fr: words('french|francais|franzosisch|franzosische|frances|francese|frances|franzoesisch'),
  de: words('german|allemand|deutsch|deutsche|aleman|tedesco|alemao'),
  es: words('spanish|espagnol|spanisch|spanische|espanol|castellano|spagnolo|espanhol'),
  it: ['italian', 'italien', 'italienisch', 'italienische', 'italiano'],
  pt: ['portuguese', 'portugais', 'portugiesisch', 'portugiesische', 'portugues', 'portoghese'],
  nl: words('dutch|neerlandais|niederlandisch|niederlandische|holandes|olandese|nederlands'),
};
