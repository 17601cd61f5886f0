import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { expectNoAxeViolations } from './support/axe.ts';
import { expectNoSidewaysScroll, openFormPage } from './support/fill-page.ts';
import { authHeaders, registerAndLogin, type TestUser } from './support/login.ts';

// The PDF of an end-to-end encrypted response, made in the owner's browser after unlocking: the
// server cannot read the answers (it refuses their PDF), and nothing of them is sent to it while
// the browser draws the file with the fonts it fetches from the instance.

const SHOTS = '/tmp/shots-encrypted-pdf';
const PASSPHRASE = 'seven quiet lanterns over harbour';
const stamp = Date.now();
const NAME = `Ελένη Иванова ${stamp}`;
const ABOUT_JP = `東京でエンジニアをしています ${stamp}`;
const ABOUT_AR = 'مرحبا بالعالم';

let owner: TestUser;
let formId: number;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  owner = await registerAndLogin(page);
  const fields = [
    { id: 'name', type: 'text', label: 'Your name', validation: { required: true } },
    { id: 'p2', type: 'page_break', label: 'About you' },
    { id: 'about', type: 'textarea', label: 'Tell us about yourself' },
    {
      id: 'topics',
      type: 'checkbox',
      label: 'Topics',
      options: [
        { id: 'a', label: 'Apples', value: 'apples' },
        { id: 'b', label: 'Bananas', value: 'bananas' },
      ],
    },
  ].map((f, position) => ({ position, ...f }));
  const res = await page.request.post('/api/forms', {
    headers: authHeaders(owner),
    data: { title: 'Sealed application', fields, submit_button_text: 'Send answers' },
  });
  expect(res.status(), await res.text()).toBe(201);
  formId = (await res.json()).id;
  expect(
    (await page.request.post(`/api/forms/${formId}/publish`, { headers: authHeaders(owner) })).ok(),
  ).toBe(true);
  await page.close();
});

async function signIn(page: Page, dark = false) {
  await page.addInitScript(
    ({ token, expires, d }) => {
      localStorage.setItem('auth_token', token);
      localStorage.setItem('token_expiration', String(expires));
      localStorage.setItem('darkMode', d ? 'true' : 'false');
    },
    { token: owner.token, expires: Date.now() + 6 * 86_400_000, d: dark },
  );
}

test('the owner turns end-to-end encryption on', async ({ browser }) => {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signIn(page);
  // A mail that attaches the response as a PDF (made by the server) must be turned off first.
  const attach = (on: boolean) =>
    page.request.put(`/api/form-submissions/forms/${formId}/settings`, {
      headers: authHeaders(owner),
      data: { attach_pdf: on },
    });
  expect((await attach(true)).ok()).toBe(true);
  await page.goto(`/forms/${formId}/settings`);
  const card = page.getByRole('form', { name: 'Turn on end-to-end encryption' });
  await card.getByLabel('New passphrase').fill(PASSPHRASE);
  await card.getByLabel('Repeat the passphrase').fill(PASSPHRASE);
  await card.getByRole('button', { name: 'Turn on end-to-end encryption' }).click();
  await expect(page.getByText(/Turn off "Attach the response as a PDF" \(notifications\) first/)).toBeVisible(
    {
      timeout: 20_000,
    },
  );
  await expectNoAxeViolations(page);
  expect((await attach(false)).ok()).toBe(true);
  await card.getByRole('button', { name: 'Turn on end-to-end encryption' }).click();
  await expect(page.getByRole('heading', { name: 'Save your recovery key' })).toBeVisible({
    timeout: 20_000,
  });
  await page.getByLabel('I have saved the recovery key somewhere safe').check();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText(/Enhanced: answers are encrypted end to end/)).toBeVisible();
  await page.close();
});

test('a respondent answers in Greek, Cyrillic, Japanese and Arabic through the public page', async ({
  browser,
}) => {
  const page = await (await browser.newContext()).newPage();
  await openFormPage(page, `/form/${formId}`);
  await page.getByLabel('Your name').fill(NAME);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Tell us about yourself').fill(`${ABOUT_JP}\n${ABOUT_AR}`);
  await page.getByLabel('Apples').check();
  await page.getByLabel('Bananas').check();
  await page.getByRole('button', { name: 'Send answers' }).click();
  await expect(page.getByRole('heading', { name: 'Form Submitted' })).toBeVisible({ timeout: 15_000 });
  await page.close();
});

for (const [scheme, width] of [
  ['light', 1280],
  ['dark', 375],
] as const) {
  test(`the unlocked browser makes the PDF, sending nothing of the answers (${scheme}, ${width} px)`, async ({
    browser,
  }) => {
    const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
    await signIn(page, scheme === 'dark');
    await page.goto(`/forms/${formId}/submissions`);
    const unlock = page.getByRole('form', { name: 'Unlock encrypted answers' });
    await unlock.getByLabel('Passphrase or recovery key').fill(PASSPHRASE);
    await unlock.getByRole('button', { name: 'Unlock' }).click();
    await page.getByRole('cell', { name: NAME }).click({ timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'Submission Details' })).toBeVisible();
    await expect(page.getByText(NAME)).toBeVisible();

    // The server refuses the PDF of sealed answers: it cannot read them.
    const list = await page.request.get(`/api/form-submissions/forms/${formId}/submissions`, {
      headers: authHeaders(owner),
    });
    const [sid] = ((await list.json()) as { items: { id: string }[] }).items.map((s) => s.id);
    const server = await page.request.get(`/api/form-submissions/forms/${formId}/submissions/${sid}/pdf`, {
      headers: authHeaders(owner),
    });
    expect(server.status()).toBe(409);

    const sent: { method: string; url: string; body: string }[] = [];
    page.on('request', (request) => {
      sent.push({
        method: request.method(),
        url: request.url(),
        body: request.postDataBuffer()?.toString('utf8') ?? '',
      });
    });
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download decrypted PDF' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^Sealed application-[0-9a-f]{8}\.pdf$/);
    await file.saveAs(`${SHOTS}/submission-${scheme}.pdf`);
    const bytes = new Uint8Array(await readFile((await file.path())!));
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    let at = 0;
    // Everything the server's PDF says, in form order, the page of the form as a section.
    for (const expected of [
      'Sealed application',
      'Language: English (en)',
      'Status: complete, new',
      'Reference: #1',
      'Your name',
      NAME,
      'About you',
      'Tell us about yourself',
      ABOUT_JP,
      ABOUT_AR,
      'Topics',
      'Apples, Bananas',
      'Page 1 of 1',
    ]) {
      const found = flat.indexOf(expected, at);
      expect(found, `${expected} after ${at} in ${flat}`).toBeGreaterThanOrEqual(0);
      at = found + expected.length;
    }

    // While the PDF was made, the browser only fetched fonts; no request carried an answer.
    for (const request of sent) {
      for (const answer of [NAME, String(stamp), 'Bananas', ABOUT_AR]) {
        expect(decodeURIComponent(request.url)).not.toContain(answer);
        expect(request.body).not.toContain(answer);
      }
    }
    const api = sent.filter((r) => new URL(r.url).pathname.startsWith('/api/'));
    expect(api.every((r) => r.method === 'GET' && r.url.includes('/pdf-fonts/'))).toBe(true);

    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SHOTS}/detail-${scheme}-${width}.png`, fullPage: true });
    await page.close();
  });
}
