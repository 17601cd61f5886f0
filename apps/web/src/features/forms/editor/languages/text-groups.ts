import type { FormField } from '@formsmith/core/forms/field';
import type { TextKind, TranslatableText } from '@formsmith/core/i18n/texts';
import type { Ending } from '@formsmith/core/logic/definition';

/** Texts shown together under a heading: a field's, an ending's, the form's own. */
export type TextGroup = { id: string; title: string; items: TranslatableText[] };
/** A part of the form as a respondent meets it: the start, a page, submitting, the endings. */
export type TextSection = { id: string; title: string; groups: TextGroup[] };

const KIND_LABELS: Record<TextKind, string> = {
  title: 'Title',
  description: 'Description',
  button: 'Submit button',
  message: 'Message',
  label: 'Label',
  help: 'Help text',
  placeholder: 'Placeholder',
  error: 'Error message',
  scale: 'Scale label',
  option: 'Option',
  ending_title: 'Title',
  ending_message: 'Message',
  mail_subject: 'Mail subject',
};

/** Where a kind's name alone would be vague, the key says which text it is. */
const KEY_LABELS: [RegExp, string][] = [
  [/^successMessage$/, 'Success message'],
  [/^closedMessage$/, 'Closed message'],
  [/^confirmation\.message$/, 'Mail message'],
  [/\.lowLabel$/, 'Low end label'],
  [/\.highLabel$/, 'High end label'],
];

/** What a text is, in a few words ('Help text', 'Success message'). */
export function textLabel(item: TranslatableText, fields: FormField[]): string {
  const byKey = KEY_LABELS.find(([pattern]) => pattern.test(item.key));
  if (byKey) return byKey[1];
  const field = item.fieldId === undefined ? undefined : fields.find((f) => f.id === item.fieldId);
  if (field?.type === 'page_break' && item.kind === 'label') return 'Page title';
  return KIND_LABELS[item.kind];
}

/** Texts written over several lines get a text area. */
export function isLongText(kind: TextKind): boolean {
  return kind === 'description' || kind === 'help' || kind === 'message' || kind === 'ending_message';
}

function fieldTitle(field: FormField): string {
  return field.label.trim() || `Untitled ${field.type.replace('_', ' ')} field`;
}

function endingTitle(ending: Ending, index: number): string {
  return ending.title.trim() || `Ending ${index + 1}`;
}

/** The fields' texts by page, each field's under its label ('Questions' when there is one page). */
function pageSections(fields: FormField[], byField: Map<string, TranslatableText[]>): TextSection[] {
  const pages: TextSection[] = [{ id: 'page-1', title: 'Page 1', groups: [] }];
  for (const field of fields) {
    if (field.type === 'page_break')
      pages.push({ id: `page-${pages.length + 1}`, title: `Page ${pages.length + 1}`, groups: [] });
    const items = byField.get(field.id);
    if (items) pages.at(-1)?.groups.push({ id: field.id, title: fieldTitle(field), items });
  }
  if (pages.length === 1 && pages[0]) pages[0].title = 'Questions';
  return pages;
}

/**
 * The texts to translate in the order a respondent meets them: the form's title, each page's
 * fields, what submitting shows, then the endings. Sections and groups without texts are left out.
 */
export function groupTexts(
  form: { fields: FormField[]; logic: { endings: Ending[] } },
  texts: TranslatableText[],
): TextSection[] {
  const byField = new Map<string, TranslatableText[]>();
  const start: TranslatableText[] = [];
  const submit: TranslatableText[] = [];
  const closed: TranslatableText[] = [];
  const mail: TranslatableText[] = [];
  const byEnding = new Map<string, TranslatableText[]>();
  for (const item of texts) {
    const ending = /^ending\.([^.]+)\./.exec(item.key)?.[1];
    if (item.fieldId !== undefined) byField.set(item.fieldId, [...(byField.get(item.fieldId) ?? []), item]);
    else if (ending !== undefined) byEnding.set(ending, [...(byEnding.get(ending) ?? []), item]);
    else if (item.kind === 'title' || item.kind === 'description') start.push(item);
    else if (item.key === 'closedMessage') closed.push(item);
    else if (item.key.startsWith('confirmation.')) mail.push(item);
    else submit.push(item);
  }
  const endings = form.logic.endings.flatMap((ending, index) => {
    const items = byEnding.get(ending.id);
    return items ? [{ id: `ending-${ending.id}`, title: endingTitle(ending, index), items }] : [];
  });
  const sections: TextSection[] = [
    { id: 'start', title: 'Form', groups: [{ id: 'form', title: 'Title and description', items: start }] },
    ...pageSections(form.fields, byField),
    {
      id: 'submit',
      title: 'Submitting',
      groups: [
        { id: 'submit', title: 'Button and messages', items: submit },
        { id: 'closed', title: 'When the form is closed', items: closed },
        { id: 'mail', title: 'Confirmation mail', items: mail },
      ],
    },
    { id: 'endings', title: 'Endings', groups: endings },
  ];
  return sections
    .map((section) => ({ ...section, groups: section.groups.filter((group) => group.items.length > 0) }))
    .filter((section) => section.groups.length > 0);
}
