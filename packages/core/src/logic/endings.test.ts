import { describe, expect, it } from 'vitest';
import { EMPTY_LOGIC, type FormLogic } from './definition.ts';
import { endingFromMessage, settleEndings, successMessageOf } from './endings.ts';
import { runForm } from './run.ts';

const passed = { id: 'passed', title: 'Well done', message: 'You passed', redirectParams: [] };
const fields = [
  { id: 'q', type: 'radio', options: [{ value: 'yes' }, { value: 'no' }] },
  { id: 'p2', type: 'page_break' },
  { id: 'more', type: 'text' },
];

describe('endings', () => {
  it('ends the last page with the first ending, unless a rule ends elsewhere', () => {
    const logic: FormLogic = {
      ...EMPTY_LOGIC,
      endings: [endingFromMessage('Thanks!', []), passed],
      rules: [
        {
          id: 'r',
          page: 'page_1',
          match: 'all',
          conditions: [{ source: 'field', ref: 'q', operator: 'equals', value: 'yes' }],
          actions: [{ type: 'end', ending: 'passed' }],
        },
      ],
    };
    expect(runForm(fields, logic, { q: 'no' }).ending).toBe('ending_default');
    expect(runForm(fields, logic, { q: 'yes' }).ending).toBe('passed');
    expect(runForm(fields, EMPTY_LOGIC, { q: 'no' }).ending).toBeNull();
  });

  it('folds a success message into a form that has no ending', () => {
    const logic = settleEndings({
      logic: EMPTY_LOGIC,
      successMessage: 'See you there!',
      logicSent: false,
      fallbackMessage: 'unused',
    });
    expect(logic.endings).toEqual([
      { id: 'ending_default', title: '', message: 'See you there!', redirectParams: [] },
    ]);
    expect(successMessageOf(logic)).toBe('See you there!');
  });

  it('keeps what the success message said before an ending rules name, for a client that knows only the message', () => {
    const logic = settleEndings({
      logic: { ...EMPTY_LOGIC, endings: [passed] },
      successMessage: 'Thank you!',
      logicSent: true,
      fallbackMessage: 'unused',
    });
    expect(logic.endings.map((e) => [e.id, e.message])).toEqual([
      ['ending_default', 'Thank you!'],
      ['passed', 'You passed'],
    ]);
  });

  it('changes the plain ending when a success message is sent alone, and nothing when it says the same', () => {
    const logic = { ...EMPTY_LOGIC, endings: [endingFromMessage('Old', []), passed] };
    const changed = settleEndings({ logic, successMessage: 'New', logicSent: false, fallbackMessage: '' });
    expect(changed.endings.map((e) => e.message)).toEqual(['New', 'You passed']);
    expect(settleEndings({ logic, successMessage: 'Old', logicSent: true, fallbackMessage: '' })).toBe(logic);
    expect(settleEndings({ logic, successMessage: undefined, logicSent: true, fallbackMessage: '' })).toBe(
      logic,
    );
  });

  it('gives a made ending an id no other ending has', () => {
    expect(endingFromMessage('x', [endingFromMessage('y', [])]).id).toBe('ending_default_2');
  });
});
