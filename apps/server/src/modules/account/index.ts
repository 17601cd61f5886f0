// The account module's public entry.

export { describeDevice } from './device.ts';
export { digestJob } from './digest.ts';
export { getNotificationSettings, getSecuritySettings } from './settings.ts';
