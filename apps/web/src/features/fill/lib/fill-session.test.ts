import { describe, expect, it } from 'vitest';
import { type FillSession, fillSessionReducer, startFillSession } from './fill-session.ts';

const open = (over: Partial<Parameters<typeof startFillSession>[0]> = {}): FillSession =>
  startFillSession({ values: { name: '', email: '' }, ...over });

describe('fillSessionReducer', () => {
  it('opens on the screen and with the errors and banner the server rendered', () => {
    const state = open({ stepId: 'p2', errors: { email: 'Enter an email' }, banner: 'Check the answers' });
    expect(state.stepId).toBe('p2');
    expect(state.serverErrors).toEqual({ email: 'Enter an email' });
    expect(state.banner).toBe('Check the answers');
    expect(state.submitting).toBe(false);
  });

  it('opens on the first screen with nothing touched when nothing was rendered', () => {
    const state = open();
    expect(state.stepId).toBeNull();
    expect(state.touched.size).toBe(0);
    expect(state.attempted.size).toBe(0);
    expect(state.serverErrors).toEqual({});
    expect(state.banner).toBeNull();
  });

  it('moves to another screen and keeps every answer', () => {
    const state = fillSessionReducer(open({ values: { name: 'Ada' } }), { type: 'moved', stepId: 'p3' });
    expect(state.stepId).toBe('p3');
    expect(state.values).toEqual({ name: 'Ada' });
  });

  it("stores an answer and drops the server's error on that field only", () => {
    const start = open({ errors: { name: 'Too short', email: 'Enter an email' } });
    const state = fillSessionReducer(start, { type: 'answered', fieldId: 'name', value: 'Ada Lovelace' });
    expect(state.values).toEqual({ name: 'Ada Lovelace', email: '' });
    expect(state.serverErrors).toEqual({ email: 'Enter an email' });
  });

  it('adds each uploaded file to the files a field already has', () => {
    const first = { upload_id: 'u1', name: 'a.pdf', size: 10, type: 'application/pdf' };
    const second = { upload_id: 'u2', name: 'b.pdf', size: 20, type: 'application/pdf' };
    let state = open({ values: { cv: null } });
    state = fillSessionReducer(state, { type: 'fileAdded', fieldId: 'cv', file: first });
    state = fillSessionReducer(state, { type: 'fileAdded', fieldId: 'cv', file: second });
    expect(state.values.cv).toEqual([first, second]);
  });

  it('marks a field left once, and leaving it again changes nothing', () => {
    const once = fillSessionReducer(open(), { type: 'left', fieldId: 'email' });
    expect([...once.touched]).toEqual(['email']);
    expect(fillSessionReducer(once, { type: 'left', fieldId: 'email' })).toBe(once);
  });

  it('remembers the screens whose Next was pressed', () => {
    const state = fillSessionReducer(open(), { type: 'attempted', stepId: 'p1' });
    expect(state.attempted.has('p1')).toBe(true);
    expect(fillSessionReducer(state, { type: 'attempted', stepId: 'p1' })).toBe(state);
  });

  it("adds a field's error beside the others, and a refused submit replaces them all", () => {
    const one = fillSessionReducer(open({ errors: { name: 'Too short' } }), {
      type: 'fieldFailed',
      fieldId: 'cv',
      message: 'The file is too large',
    });
    expect(one.serverErrors).toEqual({ name: 'Too short', cv: 'The file is too large' });
    const cleared = fillSessionReducer(one, { type: 'fieldErrorCleared', fieldId: 'cv' });
    expect(cleared.serverErrors).toEqual({ name: 'Too short' });
    const refused = fillSessionReducer(one, { type: 'refused', errors: { email: 'Enter an email' } });
    expect(refused.serverErrors).toEqual({ email: 'Enter an email' });
  });

  it('shows a field as uploading until its upload ends', () => {
    const uploading = fillSessionReducer(open(), { type: 'uploadStarted', fieldId: 'cv' });
    expect(uploading.fileStatus).toEqual({ cv: { uploading: true } });
    expect(fillSessionReducer(uploading, { type: 'uploadEnded', fieldId: 'cv' }).fileStatus).toEqual({});
  });

  it('shows a banner when the submit fails and clears it on the next try', () => {
    const failed = fillSessionReducer(open(), { type: 'failed', message: 'Something went wrong' });
    expect(failed.banner).toBe('Something went wrong');
    expect(fillSessionReducer(failed, { type: 'bannerCleared' }).banner).toBeNull();
  });

  it('holds a submit for the anti-spam window and ends it with no hold left', () => {
    let state = fillSessionReducer(open(), { type: 'submitStarted' });
    expect(state.submitting).toBe(true);
    state = fillSessionReducer(state, { type: 'held', ms: 800 });
    expect(state.holdMs).toBe(800);
    state = fillSessionReducer(state, { type: 'submitEnded' });
    expect(state.submitting).toBe(false);
    expect(state.holdMs).toBe(0);
  });

  it('never changes the state it was given', () => {
    const start = open({ errors: { name: 'Too short' } });
    const copy = structuredClone(start);
    fillSessionReducer(start, { type: 'answered', fieldId: 'name', value: 'Ada' });
    fillSessionReducer(start, { type: 'left', fieldId: 'name' });
    fillSessionReducer(start, { type: 'uploadStarted', fieldId: 'cv' });
    expect(start).toEqual(copy);
  });
});
