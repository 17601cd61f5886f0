import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { PDFDict, PDFDocument, PDFName, PDFStream } from 'pdf-lib';
import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import { expectNoAxeViolations } from './support/axe.ts';
import { drawWithMouse, expectNoSidewaysScroll, openFormPage } from './support/fill-page.ts';
import { authHeaders, type TestUser } from './support/login.ts';
import { ownerWithPublishedForm, signInAs, unlockAnswers } from './support/sealed-forms.ts';

// The PDF of an end-to-end encrypted response, made in the owner's browser after unlocking: the
// server cannot read the answers (it refuses their PDF), and nothing of them is sent to it while
// the browser draws the file with the fonts it fetches from the instance, the form's logo, and the
// uploaded photo and drawn signature it fetches sealed and opens itself.

const SHOTS = '/tmp/shots-encrypted-pdf';
const PASSPHRASE = 'seven quiet lanterns over harbour';
const stamp = Date.now();
const NAME = `Ελένη Иванова ${stamp}`;
const ABOUT_JP = `東京でエンジニアをしています ${stamp}`;
const ABOUT_AR = 'مرحبا بالعالم';
/** An Arabic sentence with a Latin name in it: the PDF sets it in visual order. */
const ABOUT_MIXED = 'اسمي Ada Lovelace وأنا مهندسة';
/** Korean, which only the Korean font draws. */
const ABOUT_KO = '저는 서울에서 일합니다';

let owner: TestUser;
let formId: number;

/**
 * A photo larger than a PDF draws (it is made smaller), and a picture the owner makes the form's
 * logo.
 */
const PHOTO = () =>
  sharp({ create: { width: 2000, height: 1200, channels: 3, background: '#2471a3' } })
    .png()
    .toBuffer();
const LOGO = () =>
  sharp({ create: { width: 300, height: 100, channels: 4, background: '#c0392b' } })
    .png()
    .toBuffer();

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  ({ owner, formId } = await ownerWithPublishedForm(browser, {
    title: 'Sealed application',
    fields: [
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
      { id: 'photo', type: 'file', label: 'A photo', validation: { accept: ['.png'] } },
      { id: 'sign', type: 'signature', label: 'Sign here' },
    ],
    submitText: 'Send answers',
  }));
  // The form's logo: one of its pictures (kept by the instance as WebP, not sealed).
  const page = await browser.newPage();
  const logo = await page.request.post(`/api/forms/${formId}/pictures?purpose=logo`, {
    headers: authHeaders(owner),
    multipart: { file: { name: 'logo.png', mimeType: 'image/png', buffer: await LOGO() } },
  });
  expect(logo.status(), await logo.text()).toBe(201);
  const put = await page.request.put(`/api/forms/${formId}`, {
    headers: authHeaders(owner),
    data: { title: 'Sealed application', logo_url: (await logo.json()).url },
  });
  expect(put.ok(), await put.text()).toBe(true);
  const publish = await page.request.post(`/api/forms/${formId}/publish`, { headers: authHeaders(owner) });
  expect(publish.ok(), await publish.text()).toBe(true);
  await page.close();
});

test('the owner turns end-to-end encryption on', async ({ browser }) => {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signInAs(page, owner);
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

test('a respondent answers in Greek, Cyrillic, Japanese, Arabic and Korean through the public page', async ({
  browser,
}) => {
  const page = await (await browser.newContext()).newPage();
  await openFormPage(page, `/form/${formId}`);
  await page.getByLabel('Your name').fill(NAME);
  await page.getByRole('button', { name: 'Next' }).click();
  await page
    .getByLabel('Tell us about yourself')
    .fill(`${ABOUT_JP}\n${ABOUT_AR}\n${ABOUT_MIXED}\n${ABOUT_KO}`);
  await page.getByLabel('Apples').check();
  await page.getByLabel('Bananas').check();
  await page
    .getByLabel('A photo')
    .setInputFiles({ name: 'harbour.png', mimeType: 'image/png', buffer: await PHOTO() });
  // The name shows once the file is sealed and uploaded, which takes a while on a loaded machine.
  await expect(page.getByText('harbour.png')).toBeVisible({ timeout: 20_000 });
  await drawWithMouse(page, page.getByRole('img', { name: 'Sign here: Signature pad' }));
  // The drawn signature is sealed and uploaded once the hand rests.
  await page.waitForTimeout(3200);
  await expect(page.getByText('Uploading…')).toHaveCount(0, { timeout: 20_000 });
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
    await signInAs(page, owner, { dark: scheme === 'dark' });
    await page.goto(`/forms/${formId}/submissions`);
    await unlockAnswers(page, PASSPHRASE);
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
      'Ada Lovelace',
      ABOUT_KO,
      'Topics',
      'Apples, Bananas',
      'A photo',
      'harbour.png',
      'Sign here',
      'Signed at',
      'Page 1 of',
    ]) {
      const found = flat.indexOf(expected, at);
      expect(found, `${expected} after ${at} in ${flat}`).toBeGreaterThanOrEqual(0);
      at = found + expected.length;
    }

    // The pictures are drawn: the logo, the photo and the signature, opened in this browser.
    // (Read again: unpdf took the bytes above to its worker.)
    const pdf = await PDFDocument.load(await readFile((await file.path())!));
    const images = pdf.getPages().flatMap((p) => {
      const xobjects = p.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
      return (xobjects?.keys() ?? [])
        .map((name) => xobjects!.lookup(name, PDFStream).dict)
        .filter((dict) => dict.get(PDFName.of('Subtype')) === PDFName.of('Image'));
    });
    expect(images).toHaveLength(3);
    // Each within 800 px, as the server's PDF makes them: the 2000 by 1200 photo as an 800 by
    // 480 JPEG (it is opaque), not its full size.
    const sizes = images.map((dict) => ({
      width: Number(String(dict.get(PDFName.of('Width')))),
      height: Number(String(dict.get(PDFName.of('Height')))),
      filter: String(dict.get(PDFName.of('Filter'))),
    }));
    for (const size of sizes) expect(Math.max(size.width, size.height)).toBeLessThanOrEqual(800);
    expect(sizes).toContainEqual({ width: 800, height: 480, filter: '/DCTDecode' });

    // While the PDF was made, the browser only fetched fonts, the logo and the sealed files; no
    // request carried an answer.
    for (const request of sent) {
      for (const answer of [NAME, String(stamp), 'Bananas', ABOUT_AR]) {
        expect(decodeURIComponent(request.url)).not.toContain(answer);
        expect(request.body).not.toContain(answer);
      }
    }
    const api = sent.filter((r) => new URL(r.url).pathname.startsWith('/api/'));
    const allowed = [
      `/api/form-submissions/forms/${formId}/pdf-fonts/`,
      `/api/form-submissions/forms/${formId}/pictures/`,
      `/api/form-submissions/forms/${formId}/submissions/${sid}/files/`,
    ];
    for (const r of api) {
      expect(r.method).toBe('GET');
      expect(
        allowed.some((prefix) => new URL(r.url).pathname.startsWith(prefix)),
        r.url,
      ).toBe(true);
    }
    // The Korean font was fetched for the Korean line, and drawn with (not a missing-glyph box).
    expect(api.some((r) => new URL(r.url).pathname.includes('/pdf-fonts/kr/'))).toBe(true);
    const fonts = pdf.context
      .enumerateIndirectObjects()
      .flatMap(([, object]) =>
        object instanceof PDFDict && object.get(PDFName.of('Type')) === PDFName.of('Font')
          ? [String(object.get(PDFName.of('BaseFont')))]
          : [],
      );
    expect(
      fonts.some((name) => name.includes('NotoSansKR')),
      fonts.join(' '),
    ).toBe(true);
    // The sealed files were fetched to be drawn (the photo and the signature).
    expect(api.filter((r) => r.url.includes('/files/')).length).toBeGreaterThanOrEqual(2);

    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SHOTS}/detail-${scheme}-${width}.png`, fullPage: true });
    await page.close();
  });
}
