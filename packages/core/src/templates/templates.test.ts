import { describe, expect, it } from 'vitest';
import { YES_NO_VALUES } from '../fields/constants.ts';
import { formSchema } from '../forms/form.ts';
import { checkLogic } from '../logic/check.ts';
import { logicFieldsOf } from '../logic/form-fields.ts';
import { runForm } from '../logic/run.ts';
import { FORM_TEMPLATES, findTemplate } from './catalog.ts';
import { formFromTemplate, formTemplateSchema, searchTemplates, TEMPLATE_CATEGORIES } from './template.ts';

const REQUESTED = [
  'contact',
  'event-registration',
  'job-application',
  'feedback',
  'nps',
  'order',
  'rsvp',
  'quiz',
  'product-survey',
  'appointment',
  'bug-report',
  'volunteer-signup',
  'newsletter',
  'lead-capture',
  'customer-satisfaction',
  'course-evaluation',
  'donation-pledge',
  'room-booking',
  'product-return',
  'support-request',
  'membership',
  'pet-adoption',
  'workshop-feedback',
  'employee-onboarding',
  'exit-interview',
  'travel-request',
  'photo-contest-entry',
  'quote-request',
  'parent-consent',
];

describe('the template gallery', () => {
  it('has at least 30 templates with unique ids, covering every kind asked for and every category', () => {
    expect(FORM_TEMPLATES.length).toBeGreaterThanOrEqual(30);
    const ids = FORM_TEMPLATES.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of REQUESTED) expect(findTemplate(id), id).toBeDefined();
    for (const category of TEMPLATE_CATEGORIES) {
      expect(
        FORM_TEMPLATES.some((t) => t.category === category),
        category,
      ).toBe(true);
    }
  });

  it.each(FORM_TEMPLATES.map((t) => [t.id, t] as const))(
    '%s is a valid form whose logic checks out',
    (_, template) => {
      expect(formTemplateSchema.safeParse(template).success).toBe(true);
      const form = formFromTemplate(template);
      expect(formSchema.safeParse(form).success).toBe(true);
      expect(checkLogic(logicFieldsOf(form.fields), form.logic)).toEqual([]);
      const fieldIds = form.fields.map((f) => f.id);
      expect(new Set(fieldIds).size).toBe(fieldIds.length);
      for (const field of form.fields) expect(field.label.trim(), field.id).not.toBe('');
      // Someone must answer something: every template requires its main question.
      expect(form.fields.some((f) => f.validation.required)).toBe(true);
      // Its success message is the plain ending, which no rule's ending takes the place of.
      expect(form.logic.endings[0]?.message).toBe(template.form.successMessage);
    },
  );

  it.each(FORM_TEMPLATES.map((t) => [t.id, t] as const))(
    '%s has a real one-sentence description and summary',
    (_, template) => {
      for (const text of [template.form.description, template.summary]) {
        expect(text).toMatch(/^[A-Z].{20,}[.!]$/);
        // One sentence: no full stop followed by a new sentence inside.
        expect(text.slice(0, -1)).not.toMatch(/[.!?]\s+[A-Z]/);
      }
      expect(template.form.title).not.toMatch(/form$/i);
    },
  );

  it('compares every condition with a value its question can take', () => {
    for (const template of FORM_TEMPLATES) {
      const byId = new Map(template.form.fields.map((f) => [f.id, f]));
      for (const rule of template.form.logic.rules) {
        for (const condition of rule.conditions) {
          if (condition.source !== 'field' || condition.operator !== 'equals') continue;
          const field = byId.get(condition.ref);
          const allowed =
            field?.type === 'yes_no'
              ? [...YES_NO_VALUES]
              : field && 'options' in field
                ? field.options.map((o) => o.value)
                : [];
          expect(allowed, `${template.id}: ${rule.id}`).toContain(condition.value);
        }
      }
    }
  });

  it('shows follow-up questions only when their answer calls for them', () => {
    const feedback = findTemplate('feedback');
    const fields = logicFieldsOf(feedback?.form.fields ?? []);
    const logic = feedback?.form.logic;
    if (!logic) throw new Error('feedback template missing');
    expect(runForm(fields, logic, { overall: 4, follow_up: 'no' }).visible.has('email')).toBe(false);
    expect(runForm(fields, logic, { overall: 4, follow_up: 'yes' }).visible.has('email')).toBe(true);
  });

  it('ends the RSVP early for someone who cannot come, and scores the quiz against its pass mark', () => {
    const rsvp = findTemplate('rsvp')?.form;
    const quiz = findTemplate('quiz')?.form;
    if (!rsvp || !quiz) throw new Error('templates missing');
    const declined = runForm(logicFieldsOf(rsvp.fields), rsvp.logic, { name: 'Ann', attending: 'no' });
    expect(declined.ending).toBe('declined');
    expect(declined.pages).toEqual(['page_1']);
    const allRight = {
      q_planet: 'mars',
      q_ocean: 'pacific',
      q_painter: 'leonardo_da_vinci',
      q_water: '100_c',
      q_continents: 'seven',
    };
    const passed = runForm(logicFieldsOf(quiz.fields), quiz.logic, allRight);
    expect(passed.quiz).toEqual({ score: 5, max: 5, passed: true });
    expect(passed.ending).toBe('passed');
    const failed = runForm(logicFieldsOf(quiz.fields), quiz.logic, {
      ...allRight,
      q_ocean: 'atlantic',
      q_water: '90_c',
    });
    expect(failed.ending).toBe('try_again');
  });

  it('adds up the order total as quantities are typed', () => {
    const order = findTemplate('order')?.form;
    if (!order) throw new Error('order template missing');
    const run = runForm(logicFieldsOf(order.fields), order.logic, { bread: 2, croissant: 4, cake: 1 });
    expect(run.calculated.total).toBe(2 * 6 + 4 * 3 + 28);
  });
});

describe('searchTemplates', () => {
  it('finds templates by title, description, category and field label, all words, any case or accent', () => {
    const ids = (query: string) => searchTemplates(FORM_TEMPLATES, query).map((t) => t.id);
    expect(ids('')).toHaveLength(FORM_TEMPLATES.length);
    expect(ids('RSVP')).toEqual(['rsvp']);
    expect(ids('prepaid label')).toEqual(['product-return']);
    expect(ids('landlord')).toEqual(['pet-adoption']);
    expect(ids('work & hr')).toEqual(expect.arrayContaining(['job-application', 'exit-interview']));
    expect(ids('cafe')).toEqual(ids('café'));
    expect(ids('zebra unicorn')).toEqual([]);
  });

  it("searches a workspace's saved templates the same way: no category, maybe no summary", () => {
    const rsvp = FORM_TEMPLATES.find((t) => t.id === 'rsvp')!;
    const saved = [
      { id: '0b6f3c2e-5d1a-4c8e-9f00-1a2b3c4d5e6f', title: 'Clinic intake', summary: '', form: rsvp.form },
      {
        id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
        title: 'Staff survey',
        summary: 'Once a year.',
        form: rsvp.form,
      },
    ];
    const titles = (query: string) => searchTemplates(saved, query).map((t) => t.title);
    expect(titles('')).toEqual(['Clinic intake', 'Staff survey']);
    expect(titles('clinic')).toEqual(['Clinic intake']);
    expect(titles('once a year')).toEqual(['Staff survey']);
    // Field labels are read as for built-in templates.
    expect(titles('attend clinic')).toEqual(['Clinic intake']);
    expect(titles('events')).toEqual([]);
  });
});
