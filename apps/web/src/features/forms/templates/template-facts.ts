import { PAGE_BREAK_TYPE } from '@formsmith/core/logic/run';
import { type GalleryTemplate, questionCount } from '@formsmith/core/templates/template';

/** What a card says about a template besides its summary: '7 questions · 2 pages · Logic'. */
export function templateFacts(template: Pick<GalleryTemplate, 'form'>): string[] {
  const { fields, logic } = template.form;
  const questions = questionCount(template);
  const pages = fields.filter((f) => f.type === PAGE_BREAK_TYPE).length + 1;
  const facts = [`${questions} ${questions === 1 ? 'question' : 'questions'}`];
  if (pages > 1) facts.push(`${pages} pages`);
  if (logic.quiz.enabled) facts.push('Scored quiz');
  else if (logic.rules.length > 0) facts.push('Logic');
  if (fields.some((f) => f.type === 'calculated')) facts.push('Live total');
  return facts;
}
