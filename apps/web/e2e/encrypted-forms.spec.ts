import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { openFormPage } from './support/fill-page.ts';
import { authHeaders, type TestUser } from './support/login.ts';
import { ownerWithPublishedForm, signInAs, unlockAnswers } from './support/sealed-forms.ts';

// End-to-end encrypted ('Enhanced') forms in the browser: the owner turns encryption on with a
// passphrase and keeps the recovery key, a respondent's answers and file are sealed before they
// leave the page, and only the owner's unlocked tab reads, downloads and exports them.

const SHOTS = '/tmp/shots-atrest-files';
const PASSPHRASE = 'four unrelated words here';
const MARKER = `Marker ${Date.now()}`;

let owner: TestUser;
let formId: number;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  ({ owner, formId } = await ownerWithPublishedForm(browser, {
    title: 'Private intake',
    fields: [
      { id: 'name', type: 'text', label: 'Your name', validation: { required: true } },
      { id: 'doc', type: 'file', label: 'Attachment', validation: { accept: ['.txt'], maxFileSize: 1000 } },
    ],
    submitText: 'Send answers',
  }));
});

for (const [scheme, width] of [
  ['light', 1280],
  ['dark', 375],
] as const) {
  test(`finding 12: a passphrase easy to guess is refused, and a strong one is suggested (${scheme}, ${width} px)`, async ({
    browser,
  }) => {
    const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
    await signInAs(page, owner, { dark: scheme === 'dark' });
    const created = await page.request.post('/api/forms', {
      headers: authHeaders(owner),
      data: { title: `Weak passphrase ${scheme}` },
    });
    const id = (await created.json()).id as number;
    await page.goto(`/forms/${id}/settings`);
    const card = page.getByRole('form', { name: 'Turn on end-to-end encryption' });
    const weak = /Too easy to guess/;
    // Twelve characters of three kinds, and still among the first guesses of any cracker.
    await card.getByLabel('New passphrase').fill('Summer2024!!');
    await expect(card.getByText(weak)).toBeVisible();
    await card.getByLabel('Repeat the passphrase').fill('Summer2024!!');
    await card.getByRole('button', { name: 'Turn on end-to-end encryption' }).click();
    await expect(card.getByText(weak)).toHaveCount(2);
    const stored = await page.request.get(`/api/forms/${id}/encryption`, { headers: authHeaders(owner) });
    expect((await stored.json()).key).toBeNull();

    await card.getByRole('button', { name: 'Suggest a strong passphrase' }).click();
    const suggested = await card.locator('[data-suggested-passphrase]').innerText();
    expect(suggested).toMatch(/^[a-z]+(-[a-z]+){5}$/);
    await expect(card.getByLabel('New passphrase')).toHaveValue(suggested);
    await expect(card.getByLabel('Repeat the passphrase')).toHaveValue(suggested);
    await expect(card.getByText('Strong passphrase.')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SHOTS}/passphrase-suggested-${scheme}.png`, fullPage: true });
    await page.close();
  });
}

test('the owner turns Enhanced on with a passphrase and saves the recovery key', async ({ browser }) => {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signInAs(page, owner);
  await page.goto(`/forms/${formId}/settings`);
  const card = page.getByRole('form', { name: 'Turn on end-to-end encryption' });
  await expect(page.getByText(/lose both the passphrase and the recovery key/)).toBeVisible();
  await card.getByLabel('New passphrase').fill(PASSPHRASE);
  await card.getByLabel('Repeat the passphrase').fill('something else entirely');
  await card.getByRole('button', { name: 'Turn on end-to-end encryption' }).click();
  await expect(page.getByText('The two passphrases differ.')).toBeVisible();
  await card.getByLabel('Repeat the passphrase').fill(PASSPHRASE);
  await card.getByRole('button', { name: 'Turn on end-to-end encryption' }).click();
  await expect(page.getByRole('heading', { name: 'Save your recovery key' })).toBeVisible({
    timeout: 20_000,
  });
  const recovery = (await page.locator('[data-recovery-key]').innerText())
    .replace('Recovery key:', '')
    .trim();
  expect(recovery).toMatch(/^([0-9A-Z]{4}-){7}[0-9A-Z]{4}$/);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/recovery-key.png`, fullPage: true });
  await expect(page.getByRole('button', { name: 'Done' })).toBeDisabled();
  await page.getByLabel('I have saved the recovery key somewhere safe').check();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText(/Enhanced: answers are encrypted end to end/)).toBeVisible();
  await page.close();
});

test('a respondent’s answer and file are sealed before they are sent', async ({ browser }) => {
  const page = await (await browser.newContext()).newPage();
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') sent.push(request.postDataBuffer()?.toString('latin1') ?? '');
  });
  await openFormPage(page, `/form/${formId}`);
  await expect(page.getByText(/End-to-end encrypted/)).toBeVisible();
  await page.getByLabel('Your name').fill(MARKER);
  await page
    .getByLabel('Attachment')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from(`file ${MARKER}`) });
  // The name shows once the file is sealed and uploaded, which takes a while on a loaded machine.
  await expect(page.getByText('notes.txt')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Send answers' }).click();
  await expect(page.getByRole('heading', { name: 'Form Submitted' })).toBeVisible({ timeout: 15_000 });
  expect(sent.length).toBeGreaterThanOrEqual(2);
  expect(sent.join('\n')).not.toContain(MARKER);
  expect(sent.join('\n')).not.toContain('notes.txt');
  await page.close();
});

for (const [scheme, width] of [
  ['light', 1280],
  ['dark', 375],
] as const) {
  test(`without JavaScript the page says it is needed instead of showing the form (${scheme}, ${width} px)`, async ({
    browser,
  }) => {
    const off = await browser.newContext({ javaScriptEnabled: false, colorScheme: scheme });
    const noScript = await off.newPage();
    await noScript.goto(`/form/${formId}`);
    await expect(
      noScript.getByText(/which needs JavaScript\. Turn on JavaScript and reload this page/),
    ).toBeVisible();
    // Nothing can be typed that the page could not encrypt.
    await expect(noScript.getByLabel('Your name')).toBeHidden();
    await expect(noScript.getByRole('button', { name: 'Send answers' })).toBeHidden();
    await off.close();

    // axe runs as a script in the page: here scripts stay on, but the page is served without any
    // of its own and with its styles for a browser without scripts (`scripting: none`) applied.
    const context = await browser.newContext({ colorScheme: scheme, viewport: { width, height: 900 } });
    const page = await context.newPage();
    await page.route(/\.js(\?.*)?$/, (route) => route.abort());
    await page.route(`**/form/${formId}`, async (route) => {
      const served = await route.fetch();
      const html = (await served.text())
        .replace(/<script>[\s\S]*?<\/script>/g, '')
        .replaceAll(/\(scripting: ?none\)/g, 'all');
      expect(html).not.toContain('scripting');
      await route.fulfill({ response: served, body: html });
    });
    await page.goto(`/form/${formId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Private intake' })).toBeVisible();
    await expect(page.getByText(/which needs JavaScript/)).toBeVisible();
    await expect(page.getByLabel('Your name')).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SHOTS}/no-js-${scheme}.png`, fullPage: true });
    await context.close();
  });
}

for (const [scheme, width] of [
  ['light', 1280],
  ['dark', 375],
] as const) {
  test(`the owner unlocks, reads, downloads, exports and locks (${scheme}, ${width} px)`, async ({
    browser,
  }) => {
    const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
    await signInAs(page, owner, { dark: scheme === 'dark' });
    await page.goto(`/forms/${formId}/submissions`);
    await expect(page.getByRole('cell', { name: 'Locked' }).first()).toBeVisible();
    await expect(page.getByText(MARKER)).toHaveCount(0);

    const unlock = page.getByRole('form', { name: 'Unlock encrypted answers' });
    await unlock.getByLabel('Passphrase or recovery key').fill('not the passphrase');
    await unlock.getByRole('button', { name: 'Unlock' }).click();
    await expect(page.getByText('Wrong passphrase or recovery key.')).toBeVisible({ timeout: 20_000 });
    await expectNoAxeViolations(page);
    await unlock.getByLabel('Passphrase or recovery key').fill(PASSPHRASE);
    await unlock.getByRole('button', { name: 'Unlock' }).click();
    await expect(page.getByRole('cell', { name: MARKER })).toBeVisible({ timeout: 20_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SHOTS}/unlocked-${scheme}.png`, fullPage: true });

    // The server's export would carry no answers: only the decrypted exports are offered.
    await expect(page.getByRole('button', { name: 'Export CSV', exact: true })).toHaveCount(0);
    const csvDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export decrypted CSV' }).click();
    const csv = await readFile((await (await csvDownload).path())!, 'utf8');
    expect(csv).toContain(MARKER);
    expect(csv).toContain('notes.txt');
    // The server's leading columns, the language recorded in clear with the sealed answers.
    expect(csv).toMatch(/^\uFEFFReference,Submission ID,Submitted At,Status,Language,/);
    expect(csv).toMatch(/,complete,en,/);

    // The server cannot search sealed answers: the unlocked browser does.
    const search = page.getByRole('searchbox', { name: 'Search submissions' });
    await search.fill(MARKER.split(' ')[1]!);
    await expect(page.getByRole('cell', { name: MARKER })).toBeVisible();
    await search.fill('no-such-answer');
    await expect(page.getByText('No matching submissions')).toBeVisible();
    await search.fill('');
    // Per-question figures are counted in the browser from the opened answers.
    await page.getByRole('tab', { name: 'Analytics' }).click();
    await expect(page.getByText('1 answered, 0 skipped').first()).toBeVisible({ timeout: 15_000 });
    await expectNoAxeViolations(page);
    await page.getByRole('tab', { name: 'Submissions' }).click();
    await page.getByRole('cell', { name: MARKER }).click();
    await expect(page.getByRole('heading', { name: 'Submission Details' })).toBeVisible();
    await expect(page.getByText(MARKER)).toBeVisible();
    const fileDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download file' }).click();
    const file = await fileDownload;
    expect(file.suggestedFilename()).toBe('notes.txt');
    expect(await readFile((await file.path())!, 'utf8')).toBe(`file ${MARKER}`);
    // This submission alone, opened here: the server's export of it would carry no answers.
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const oneDownload = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Download decrypted CSV' }).click();
    const one = await oneDownload;
    expect(one.suggestedFilename()).toMatch(new RegExp(`^form_${formId}_submission_[0-9a-f-]+\\.csv$`));
    const oneCsv = await readFile((await one.path())!, 'utf8');
    expect(oneCsv).toMatch(
      /^\uFEFFReference,Submission ID,Submitted At,Status,Language,Your name,Attachment\r?\n/,
    );
    expect(oneCsv).toContain(`,complete,en,${MARKER},notes.txt`);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SHOTS}/detail-${scheme}.png`, fullPage: true });

    await page.getByRole('button', { name: 'Lock' }).click();
    await expect(page.getByText(/Locked: these answers are encrypted/)).toBeVisible();
    await expect(page.getByText(MARKER)).toHaveCount(0);
    await page.close();
  });
}

test('the per-question figures of the unlocked browser follow the period chosen', async ({ browser }) => {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  // Eight days on, the respondent's submission is outside the last 7 days and inside the last 30.
  await page.clock.setFixedTime(Date.now() + 8 * 86_400_000);
  await signInAs(page, owner, { validForMs: 40 * 86_400_000 });
  await page.goto(`/forms/${formId}/submissions`);
  await unlockAnswers(page, PASSPHRASE);
  await expect(page.getByRole('cell', { name: MARKER })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('tab', { name: 'Analytics' }).click();
  const card = page.getByRole('region', { name: 'Answers (end-to-end encrypted)' });
  await expect(card.getByText('1 answered, 0 skipped').first()).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Last 7 days' }).click();
  await expect(card.getByText('0 answered, 0 skipped').first()).toBeVisible({ timeout: 15_000 });
  await expect(card.getByText('1 answered, 0 skipped')).toHaveCount(0);
  await page.getByRole('button', { name: 'All time' }).click();
  await expect(card.getByText('1 answered, 0 skipped').first()).toBeVisible({ timeout: 15_000 });
  await page.close();
});

test('finding 4: the decrypted CSV writes an answer that looks like a formula as text', async ({
  browser,
}) => {
  const formula = '=HYPERLINK("https://evil.example","Reset")';
  const respondent = await (await browser.newContext()).newPage();
  await openFormPage(respondent, `/form/${formId}`);
  await respondent.getByLabel('Your name').fill(formula);
  await respondent.getByRole('button', { name: 'Send answers' }).click();
  await expect(respondent.getByRole('heading', { name: 'Form Submitted' })).toBeVisible({ timeout: 15_000 });
  await respondent.close();

  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signInAs(page, owner);
  await page.goto(`/forms/${formId}/submissions`);
  await unlockAnswers(page, PASSPHRASE);
  await expect(page.getByRole('cell', { name: /^=HYPERLINK/ })).toBeVisible({ timeout: 20_000 });
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export decrypted CSV' }).click();
  const csv = await readFile((await (await download).path())!, 'utf8');
  // Quoted for CSV, and led by an apostrophe so that a spreadsheet shows it instead of running it.
  expect(csv).toContain(`,"'=HYPERLINK(""https://evil.example"",""Reset"")",`);
  expect(csv).not.toContain(',"=HYPERLINK');
  expect(csv).toContain(MARKER);
  await page.close();
});
