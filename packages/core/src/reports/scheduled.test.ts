import { describe, expect, it } from 'vitest';
import { nextReportRun, reportScheduleBodySchema } from './scheduled.ts';

const weekly = {
  frequency: 'weekly',
  weekday: 1,
  month_day: null,
  time: '08:00',
  time_zone: 'Europe/Paris',
} as const;

describe('nextReportRun', () => {
  it('sends weekly on Monday at 08:00 Paris time, 07:00 UTC in winter and 06:00 UTC in summer', () => {
    // Wednesday 2026-01-14.
    expect(nextReportRun(weekly, new Date('2026-01-14T12:00:00Z')).toISOString()).toBe(
      '2026-01-19T07:00:00.000Z',
    );
    expect(nextReportRun(weekly, new Date('2026-07-15T12:00:00Z')).toISOString()).toBe(
      '2026-07-20T06:00:00.000Z',
    );
  });

  it('crosses the spring DST change at the local time, and goes strictly after the last run', () => {
    // Paris moves to summer time on Sunday 2026-03-29.
    const last = new Date('2026-03-23T07:00:00Z');
    expect(nextReportRun(weekly, last).toISOString()).toBe('2026-03-30T06:00:00.000Z');
    expect(nextReportRun(weekly, new Date('2026-03-23T06:59:59Z')).toISOString()).toBe(last.toISOString());
  });

  it('sends daily the same day when the time is still ahead, else the next day', () => {
    const daily = {
      ...weekly,
      frequency: 'daily',
      weekday: null,
      time: '18:30',
      time_zone: 'America/New_York',
    } as const;
    expect(nextReportRun(daily, new Date('2026-11-30T15:00:00Z')).toISOString()).toBe(
      '2026-11-30T23:30:00.000Z',
    );
    expect(nextReportRun(daily, new Date('2026-11-30T23:30:00Z')).toISOString()).toBe(
      '2026-12-01T23:30:00.000Z',
    );
  });

  it('sends a monthly report on the 31st on the last day of a shorter month', () => {
    const monthly = {
      ...weekly,
      frequency: 'monthly',
      weekday: null,
      month_day: 31,
      time_zone: 'UTC',
    } as const;
    expect(nextReportRun(monthly, new Date('2026-02-01T00:00:00Z')).toISOString()).toBe(
      '2026-02-28T08:00:00.000Z',
    );
    expect(nextReportRun(monthly, new Date('2026-02-28T08:00:00Z')).toISOString()).toBe(
      '2026-03-31T08:00:00.000Z',
    );
  });
});

describe('reportScheduleBodySchema', () => {
  const body = {
    format: 'csv',
    frequency: 'weekly',
    weekday: 1,
    time: '08:00',
    time_zone: 'Europe/Paris',
    recipients: ['A@Example.com'],
  };

  it('keeps a valid schedule, lower-cases recipients and drops a day the frequency does not use', () => {
    expect(reportScheduleBodySchema.parse({ ...body, month_day: 3 })).toEqual({
      ...body,
      month_day: null,
      recipients: ['a@example.com'],
    });
  });

  it('refuses an unknown zone, a bad time, a weekly report without a day and no recipients', () => {
    const issues = (input: object) =>
      reportScheduleBodySchema.safeParse({ ...body, ...input }).error?.issues.map((i) => i.message);
    expect(issues({ time_zone: 'Mars/Olympus' })).toEqual(['Choose a time zone']);
    expect(issues({ time: '25:00' })).toEqual(['Give the time as HH:MM (24-hour)']);
    expect(issues({ weekday: null })).toEqual([
      'A weekly report needs a day of the week (1 = Monday … 7 = Sunday)',
    ]);
    expect(issues({ recipients: [] })).toEqual(['Add at least one recipient']);
  });
});
