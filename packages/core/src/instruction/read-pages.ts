import type { EditOperation } from '../forms/edit-patch.ts';
import { nextFieldId } from '../forms/edit-patch-fields.ts';
import type { FormField } from '../forms/field.ts';
import { placeAfter, placesIn } from './places.ts';
import { type Context, doubtAbout, quote, type Reader, type Reading, without } from './reading.ts';
import { findField } from './references.ts';
import { asLabel, quoteOf, slice, type Text, typedText } from './text.ts';
import { anyOf, INTO, words } from './words.ts';

const BREAK = words(
  'page break|page-break|pagebreak|new page|new section|section break|new step|break|another page|second page|next page',
  'saut de page|nouvelle page|seitenumbruch|neue seite|seitenwechsel|salto de pagina|nueva pagina|interruzione di pagina',
  'nuova pagina|quebra de pagina|nova pagina',
);
const START = words(
  'start|begin|add|insert|put|create|make|introduce|split the form|split|break the form|commence|ajoute|insere|mets',
  'commence|cree|fuge|beginne|starte|erstelle|anade|agrega|inserta|empieza|comienza|crea|aggiungi|inserisci|inizia',
  'adiciona|adicione|insira|comece|inicie|crie|place|pon|ponga|metti|coloque|coloca|setze|mettez',
);
const OWN_PAGE =
  /\b(?:on (?:a|its|their) (?:new |separate |own )?page(?: of (?:its|their) own| by itself)?|on its own|sur une (?:nouvelle )?page|auf eine(?:r)? (?:eigene|neue)n? seite|en una (?:nueva )?pagina|su una (?:nuova )?pagina|numa (?:nova )?pagina)/;
const PAGE_NAME =
  /^(?:the\s+)?(?:(first|second|third|fourth|fifth|last|\d+(?:st|nd|rd|th))\s+page|page\s+(\d+)|(⟦\d+⟧)\s+page|page\s+(⟦\d+⟧))\b/;
const ORDINAL: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
};
const TITLE_VERBS = words(
  'call|name|title|rename|retitle|label|set the title of|change the title of|give|appelle|nomme|renomme|nenne|benenne|llama|titula|renombra|chiama|intitola|rinomina|chame|renomeie',
);

const breaks = (fields: FormField[]) => fields.filter((f) => f.type === 'page_break');

function addBreak(
  context: Context,
  after: string | null,
  title: string,
  also: EditOperation[] = [],
): EditOperation {
  const fields = context.form.fields;
  const id = nextFieldId([
    ...fields,
    ...also.flatMap((o) => (o.op === 'add_field' ? [{ id: o.field.id } as FormField] : [])),
  ]);
  return {
    op: 'add_field',
    field: { id, label: title, type: 'page_break', required: false },
    after,
  };
}

/** 'Put X on a page of its own', 'put X on a new page'. */
function ownPage(clause: Text, context: Context): Reading {
  const m = OWN_PAGE.exec(clause.folded);
  if (!m) return null;
  const subject = without(
    slice(clause, 0, m.index),
    `^${anyOf(words('put|place|move|show|mets|setze|pon|metti|coloque|ask'))}`,
  );
  const found = findField(subject, context.refs);
  if (found.kind !== 'field') return doubtAbout(found, 'Which question to put on its own page');
  const fields = context.form.fields;
  const index = fields.indexOf(found.field);
  const operations: EditOperation[] = [];
  const alone = /own|separate|itself|eigene|propria|propre/.test(m[0]);
  if (fields[index - 1]?.type !== 'page_break' && index > 0)
    operations.push(addBreak(context, fields[index - 1]?.id ?? null, found.field.label));
  const next = fields[index + 1];
  if (alone && next && next.type !== 'page_break')
    operations.push(addBreak(context, found.field.id, next.label, operations));
  if (operations.length === 0)
    return {
      operations,
      summary: `${quote(found.field)} is already on a page of its own.`,
      touched: [found.field.id],
    };
  return {
    operations,
    summary: `Put ${quote(found.field)} on ${alone ? 'a page of its own' : 'a new page'}.`,
    touched: [found.field.id],
  };
}

/** The page break a name points to: 'page 2', 'the second page', "the 'Payment' page". */
function pageNamed(text: Text, context: Context): FormField | { doubt: string } | undefined {
  const m = PAGE_NAME.exec(text.folded);
  if (!m) return undefined;
  const all = breaks(context.form.fields);
  if (m[3] || m[4]) {
    const title = quoteOf(text, (m[3] ?? m[4]) as string) ?? '';
    const found = findField({ ...text, folded: (m[3] ?? m[4]) as string }, { ...context.refs, fields: all });
    return found.kind === 'field' ? found.field : { doubt: `This form has no page called '${title}'.` };
  }
  const word = (m[1] ?? m[2]) as string;
  const n = word === 'last' ? all.length + 1 : (ORDINAL[word] ?? Number.parseInt(word, 10));
  if (n === 1)
    return {
      doubt:
        'The first page starts the form and has no title of its own; its questions follow the form’s title.',
    };
  return all[n - 2] ?? { doubt: `This form has no page ${n}.` };
}

/** 'Call page 2 'Payment'', 'the second page should be titled Your details'. */
function titlePage(clause: Text, context: Context): Reading {
  const verb = new RegExp(`^${anyOf(TITLE_VERBS)}\\s+`).exec(clause.folded);
  const rest = verb ? slice(clause, verb[0].length) : clause;
  const page = pageNamed(rest, context);
  if (!page) return null;
  if ('doubt' in page) return page;
  const nameEnd = PAGE_NAME.exec(rest.folded)?.[0].length ?? 0;
  const title = without(
    slice(rest, nameEnd),
    `^(?:${anyOf([...INTO, 'the title', 'title', 'should be called', 'should be titled', 'is called', 'called', 'titled', ':'])}\\s*)+`,
  );
  const text = quoteOf(title, title.folded) ?? asLabel(typedText(title));
  if (!text) return null;
  return {
    operations: [{ op: 'update_field', id: page.id, changes: { label: text } }],
    summary: `Title the page ${quote(page)} '${text}'.`,
    touched: [],
  };
}

/** 'Remove the page break before payment', 'merge pages 1 and 2'. */
function removeBreak(clause: Text, context: Context): Reading {
  if (
    !/^(?:remove|delete|drop|get rid of|take out|supprime|enleve|entferne|losche|elimina|quita|borra|rimuovi|togli|remova|apague)\b/.test(
      clause.folded,
    )
  )
    return null;
  if (!new RegExp(anyOf(BREAK)).test(clause.folded)) return null;
  const all = breaks(context.form.fields);
  const place = placesIn(clause).find((p) => p.target);
  let found: FormField | undefined;
  if (place?.target) {
    const anchor = findField(place.target, context.refs);
    if (anchor.kind !== 'field') return doubtAbout(anchor, 'Which page break to remove');
    const index = context.form.fields.indexOf(anchor.field);
    const near = place.where === 'before' ? context.form.fields[index - 1] : context.form.fields[index + 1];
    found = near?.type === 'page_break' ? near : undefined;
    if (!found)
      return {
        doubt: `There is no page break ${place.where} ${quote(anchor.field)}.`,
      };
  } else if (all.length === 1) found = all[0];
  if (!found)
    return {
      doubt: all.length
        ? 'Which page break to remove? Say before or after which question.'
        : 'This form has no page breaks.',
    };
  return {
    operations: [{ op: 'remove_field', id: found.id }],
    summary: `Remove the page break ${quote(found)}.`,
    touched: [],
  };
}

/** 'Start a new page before the payment details', 'add a page break after email'. */
function addPage(clause: Text, context: Context): Reading {
  const start = new RegExp(`^${anyOf(START)}\\b`).exec(clause.folded);
  const named = new RegExp(anyOf(BREAK)).exec(clause.folded);
  if (!named || (!start && !/^(?:a\s+)?(?:new page|page break)/.test(clause.folded))) return null;
  const places = placesIn(clause).filter((p) => p.where !== 'own_page');
  const titled =
    /\b(?:called|titled|named|with the title|intitulee?|titre|genannt|titel|llamada|titulada|chiamata|intitolata|chamada|intitulada)\s+(.+?)(?=\s+(?:before|after|below|above|avant|apres|vor|nach|antes|despues|prima|dopo|depois)\b|$)/.exec(
      clause.folded,
    );
  // 'Add a page break before X', or in German 'Füge vor X einen Seitenumbruch ein'.
  for (const found of [
    ...places.filter((p) => p.at > named.index),
    ...places.filter((p) => p.at < named.index),
  ]) {
    const place =
      found.at < named.index && found.target
        ? {
            ...found,
            // 'nach Allergien einen Seitenumbruch': the article belongs to the break.
            target: without(
              slice(found.target, 0, named.index - (clause.folded.length - found.target.folded.length)),
              '\\s+(?:einen|eine|ein|un|une|a|an|una|uno|um|uma|een)$',
            ),
          }
        : found;
    const target = placeAfter(place, context.refs);
    if ('problem' in target)
      return doubtAbout(
        target.problem as Exclude<typeof target.problem, { kind: 'field' }>,
        'Where the new page starts',
      );
    const fields = context.form.fields;
    const at = target.after === null ? 0 : fields.findIndex((f) => f.id === target.after) + 1;
    if (fields[at - 1]?.type === 'page_break' || fields[at]?.type === 'page_break')
      return {
        operations: [],
        summary: `A new page already starts there.`,
        touched: [],
      };
    const words = place.target
      ? (quoteOf(place.target, place.target.folded) ??
        asLabel(typedText(without(place.target, '^(?:the|la|le|die|el|il|a|o)\\s+'))))
      : '';
    const title = titled
      ? asLabel(
          quoteOf(clause, titled[1] as string) ??
            typedText(
              slice(
                clause,
                titled.index + titled[0].length - (titled[1] as string).length,
                titled.index + titled[0].length,
              ),
            ),
        )
      : (fields[at]?.label ?? words) || 'New page';
    // A page started before 'Payment details' is titled by those words; one started after a
    // question is titled by the question it opens with, not the one it follows.
    const untitled = place.where === 'before' ? words || title : title;
    const operations = [addBreak(context, target.after, titled ? title : untitled)];
    const where =
      place.where === 'end'
        ? 'at the end'
        : place.where === 'start'
          ? 'at the start'
          : `${place.where} ${quote(target.anchor as FormField)}`;
    return {
      operations,
      summary: `Start a new page '${(operations[0] as { field: { label: string } }).field.label}' ${where}.`,
      touched: [],
    };
  }
  return {
    doubt: 'Where should the new page start? Say before or after which question.',
  };
}

export const readPages: Reader = (clause, context) =>
  removeBreak(clause, context) ??
  titlePage(clause, context) ??
  ownPage(clause, context) ??
  addPage(clause, context);
