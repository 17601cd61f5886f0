import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  FILL_STATE_ELEMENT_ID,
  type FillPageState,
  fillPageStateSchema,
} from '@formsmith/core/fill-page/state';
import { chromeFor } from '@formsmith/core/i18n/chrome-all';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissions, uploads } from '../src/db/schema.ts';
import { PAGE_VIEW_FLUSH_MS } from '../src/modules/analytics/page-views.ts';
import { NUL_MESSAGE } from '../src/plugins/nul-guard.ts';
import { makeFormKey, putEncryption } from './encryption-fixtures.ts';
import { createForm, NO_LIMITS, publishForm, putSharing, uniqueSlug } from './forms-fixtures.ts';
import { createTestApp, dbKind } from './helpers/app.ts';
import { filesUnder, holding } from './helpers/files.ts';
import { buildFillPageWeb } from './helpers/fill-page-web.ts';
import { storedSubmissions } from './helpers/stored.ts';
import { createTestUser, type TestUser } from './helpers/users.ts';
import { countSubmissions, createPublishedForm, findUpload, multipart } from './intake-fixtures.ts';

type Posted = Array<[string, string]>;

/** The state the server put in the page for its script. */
function stateOf(html: string): FillPageState {
  const match = new RegExp(
    `<script type="application/json" id="${FILL_STATE_ELEMENT_ID}">(.*?)</script>`,
  ).exec(html);
  if (!match) throw new Error('the page carries no state');
  // Read as the page's script reads it: a state it cannot parse would make it load the form again.
  const parsed = fillPageStateSchema.safeParse(JSON.parse(match[1]!));
  if (!parsed.success) throw new Error(`the page's state does not parse: ${parsed.error.message}`);
  return parsed.data;
}

/** The page's own hidden inputs, as a browser would post them back. */
function hiddenOf(html: string): Posted {
  return [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)].map(
    (m) => [m[1]!, m[2]!.replaceAll('&quot;', '"').replaceAll('&amp;', '&')] as [string, string],
  );
}

const LOADED_LONG_AGO = () => String(Date.now() - 10_000);

describe(`public form page without JavaScript (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;
  let web: string;

  beforeAll(async () => {
    web = buildFillPageWeb();
    app = await createTestApp({ env: { WEB_DIST: web } });
    owner = await createTestUser(app);
  }, 60_000);
  afterAll(() => app.close());

  const get = (url: string) => app.inject({ method: 'GET', url });
  const post = (url: string, fields: Posted, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'http://localhost:3000',
        'user-agent': 'NoScript/1.0',
        ...headers,
      },
      payload: new URLSearchParams(fields).toString(),
    });

  async function published(overrides: Record<string, unknown> = {}) {
    const slug = uniqueSlug('nojs');
    const form = await createForm(app, owner, { slug, ...overrides });
    await publishForm(app, owner, form.id);
    return { id: form.id, slug, url: `/form/${slug}` };
  }

  async function stored(formId: number) {
    return storedSubmissions(app, eq(submissions.formId, formId));
  }

  it('renders the form itself: title, description, labels, help, placeholder, required marker, options', async () => {
    const { url } = await published({
      fields: [
        {
          label: 'Your name',
          type: 'text',
          is_required: true,
          placeholder: 'Ada Lovelace',
          help_text: 'As on your badge',
        },
        { label: 'Rating', type: 'radio', options: [{ label: 'Good' }, { label: 'Bad' }] },
      ],
    });
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(html).toContain('<title>Customer feedback</title>');
    expect(html).toContain('Tell us how we did');
    expect(html).toMatch(
      /<label for="[^"]+"[^>]*>Your name<span aria-hidden="true"[^>]*>\*<\/span><\/label>/,
    );
    expect(html).toContain('As on your badge');
    expect(html).toContain('placeholder="Ada Lovelace"');
    expect(html).toMatch(/<input[^>]+type="radio"[^>]+value="Good"/);
    expect(html).toContain('<form method="post"');
    expect(stateOf(html).view.kind).toBe('form');
  });

  const FIELDS = [
    { id: 'name', label: 'Your name', type: 'text', is_required: true, validation_rules: { minLength: 2 } },
    { id: 'email', label: 'Email', type: 'email' },
    { id: 'topics', label: 'Topics', type: 'checkbox', options: [{ label: 'Tea' }, { label: 'Cake' }] },
  ];

  /** What a browser posts for the page's form: its hidden inputs, the answers, and the button. */
  function answers(html: string, filled: Posted, action = 'submit'): Posted {
    return [
      ...hiddenOf(html).filter(([name]) => name !== '_formLoadTime'),
      ['_formLoadTime', LOADED_LONG_AGO()],
      ...filled,
      ['website', ''],
      ['_action', action],
    ];
  }

  it('submits a urlencoded post through the same submit as the API and shows the success page', async () => {
    const form = await published({ fields: FIELDS, success_message: 'Thanks, we read every answer.' });
    const page = await get(form.url);
    const res = await post(
      form.url,
      answers(page.body, [
        ['name', 'Grace'],
        ['email', 'grace@example.com'],
        ['topics', 'Tea'],
        ['topics', 'Cake'],
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('Thanks, we read every answer.');
    expect(stateOf(res.body).view.kind).toBe('success');
    const rows = await stored(form.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.data).toEqual({ name: 'Grace', email: 'grace@example.com', topics: ['Tea', 'Cake'] });
    expect(rows[0]!.metadata).toMatchObject({ userAgent: 'NoScript/1.0' });
  });

  it('sends a refused post back with every answer kept, each error by its field and a linked summary', async () => {
    const form = await published({ fields: FIELDS });
    const page = await get(form.url);
    const res = await post(
      form.url,
      answers(page.body, [
        ['name', 'G'],
        ['email', 'not-an-address <b>'],
        ['topics', 'Cake'],
      ]),
    );
    expect(res.statusCode).toBe(422);
    const html = res.body;
    expect(html).toContain('value="G"');
    expect(html).toContain('value="not-an-address &lt;b>"');
    expect(html).toMatch(/<input[^>]+value="Cake"[^>]*checked|<input[^>]+checked[^>]+value="Cake"/);
    expect(html).toMatch(/<p id="[^"]+-name-error"[^>]*>Minimum length is 2/);
    expect(html).toMatch(/<p id="[^"]+-email-error"[^>]*>/);
    expect(html).toMatch(/<section tabindex="-1" autofocus[^>]*>.*<a href="#[^"]+-name"/s);
    expect(await countSubmissions(app, form.id)).toBe(0);
    // The same key as the refused post: once corrected, one submission is stored.
    const fixed = await post(
      form.url,
      answers(html, [
        ['name', 'Grace'],
        ['email', 'grace@example.com'],
      ]),
    );
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(await countSubmissions(app, form.id)).toBe(1);
  });

  it('stores nothing for a slider nobody moved, refuses a required one, and keeps a moved or confirmed one', async () => {
    const SLIDERS = [
      { id: 'name', label: 'Your name', type: 'text' },
      { id: 'years', label: 'Years of experience', type: 'range', validation_rules: { min: 1, max: 10 } },
      {
        id: 'fit',
        label: 'How well do you fit?',
        type: 'range',
        is_required: true,
        validation_rules: { min: 1, max: 5 },
      },
    ];
    const form = await published({ fields: SLIDERS });
    const page = await get(form.url);
    // The browser posts a range input's value whether or not anyone touched it: here, its low end.
    const untouched = await post(
      form.url,
      answers(page.body, [
        ['name', 'Grace'],
        ['years', '1'],
        ['fit', '1'],
      ]),
    );
    expect(untouched.statusCode).toBe(422);
    expect(untouched.body).toMatch(/<p id="[^"]+-fit-error"[^>]*>This field is required/);
    expect(untouched.body).not.toMatch(/-years-error/);
    expect(await countSubmissions(app, form.id)).toBe(0);

    // Confirming the required one where it rests answers it; the optional one stays unanswered.
    const confirmed = await post(
      form.url,
      answers(untouched.body, [
        ['name', 'Grace'],
        ['years', '1'],
        ['fit', '1'],
        ['_answered', 'fit'],
      ]),
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [first] = await stored(form.id);
    // Blank, as any question left unanswered: nothing counts it or exports a number for it.
    expect(first!.data).toEqual({ name: 'Grace', fit: 1, years: '' });

    // A slider moved from where the page drew it is an answer without the box.
    const again = await get(form.url);
    const moved = await post(
      form.url,
      answers(again.body, [
        ['name', 'Ada'],
        ['years', '7'],
        ['fit', '4'],
      ]),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    const rows = await stored(form.id);
    expect(rows.find((r) => r.data.name === 'Ada')!.data).toMatchObject({ years: 7, fit: 4 });
  });

  it("takes 'Other, please specify' without JavaScript: the text typed is the answer, and is asked for once Other is picked", async () => {
    const options = [{ label: 'Design' }, { label: 'Code' }];
    const form = await published({
      fields: [
        { id: 'role', label: 'Role', type: 'radio', is_required: true, options, allow_other: true },
        { id: 'skills', label: 'Skills', type: 'checkbox', options, allow_other: true },
      ],
    });
    const page = await get(form.url);
    expect(page.body).toMatch(/<input[^>]+type="radio"[^>]+value="__other__"/);
    expect(page.body).toContain('name="role.other"');
    const picked = await post(form.url, answers(page.body, [['role', '__other__']]));
    expect(picked.statusCode).toBe(422);
    expect(picked.body).toMatch(/<p id="[^"]+-role-error"[^>]*>Please specify your other answer/);
    // Typing in the box picks Other, on checkboxes beside what was ticked.
    const typed = await post(
      form.url,
      answers(picked.body, [
        ['role.other', 'Product manager'],
        ['skills', 'Design'],
        ['skills.other', 'Welding'],
      ]),
    );
    expect(typed.statusCode, typed.body).toBe(200);
    const [row] = await stored(form.id);
    expect(row!.data).toEqual({ role: 'Product manager', skills: ['Design', 'Welding'] });
  });

  it('a NUL character in a posted answer is refused with 400 and a clear message, as by the JSON API', async () => {
    const form = await published({ fields: FIELDS });
    const page = await get(form.url);
    const res = await post(form.url, answers(page.body, [['name', 'Gra\u0000ce']]));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { name: NUL_MESSAGE } });
    expect(await countSubmissions(app, form.id)).toBe(0);
  });

  it('finding 5: an answer past its type limit posted without JavaScript comes back refused, nothing stored', async () => {
    const form = await published({ fields: FIELDS });
    const page = await get(form.url);
    expect(page.body).toMatch(
      /<input[^>]+name="name"[^>]+maxLength="1000"|<input[^>]+maxLength="1000"[^>]+name="name"/i,
    );
    const res = await post(form.url, answers(page.body, [['name', 'G'.repeat(1001)]]));
    expect(res.statusCode).toBe(422);
    expect(res.body).toMatch(/<p id="[^"]+-name-error"[^>]*>Maximum length is 1,000 characters/);
    expect(await countSubmissions(app, form.id)).toBe(0);
  });

  it('a form asking for proof of work still takes the page posted without JavaScript, by the time and decoy checks', async () => {
    const form = await published({ fields: FIELDS });
    const setting = await app.inject({
      method: 'PUT',
      url: `/api/forms/${form.id}/limits`,
      headers: owner.auth,
      payload: { ...NO_LIMITS, spam_challenge: true },
    });
    expect(setting.statusCode, setting.body).toBe(200);
    const page = await get(form.url);
    const res = await post(form.url, answers(page.body, [['name', 'Grace']]));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(stateOf(res.body).view.kind).toBe('success');
    expect(await countSubmissions(app, form.id)).toBe(1);
    // The decoy still catches a bot posting the page: it looks accepted, nothing is stored.
    const bot = answers(page.body, [['name', 'Bot']]).map(([k, v]): [string, string] =>
      k === 'website' ? [k, 'https://spam.example'] : [k, v],
    );
    expect((await post(form.url, bot)).statusCode).toBe(200);
    expect(await countSubmissions(app, form.id)).toBe(1);
  });

  it('stores one submission when the same page is posted twice (a reload after success)', async () => {
    const form = await published({ fields: FIELDS });
    const page = await get(form.url);
    const body = answers(page.body, [['name', 'Grace']]);
    expect((await post(form.url, body)).statusCode).toBe(200);
    expect((await post(form.url, body)).statusCode).toBe(200);
    expect(await countSubmissions(app, form.id)).toBe(1);
  });

  it('gates a password form: the code is asked, a wrong one refused, the right one opens and submits', async () => {
    const form = await published({ fields: FIELDS, access_restriction: 'password', access_code: 'tulip-42' });
    const gate = await get(form.url);
    expect(gate.statusCode).toBe(403);
    expect(gate.body).toContain('Enter the access code to open this form.');
    expect(gate.body).toContain('name="access_code"');
    expect(gate.body).not.toContain('Your name');
    const wrong = await post(form.url, [
      ['_action', 'access'],
      ['access_code', 'rose-1'],
    ]);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.body).toContain('Incorrect access code');
    const right = await post(form.url, [
      ['_action', 'access'],
      ['access_code', 'tulip-42'],
    ]);
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('Your name');
    expect(right.body).not.toContain('tulip-42"}');
    const sent = await post(form.url, answers(right.body, [['name', 'Grace']]));
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await countSubmissions(app, form.id)).toBe(1);
    // The code is checked again on the submit itself.
    const forged = answers(right.body, [['name', 'Grace']]).map(([k, v]): [string, string] =>
      k === 'access_code' ? [k, 'rose-1'] : [k, v],
    );
    const refused = await post(form.url, forged);
    expect(refused.statusCode).toBe(403);
    expect(await countSubmissions(app, form.id)).toBe(1);
  });

  it('shows an expired form as expired and stores nothing posted to it', async () => {
    const id = await createPublishedForm(app, owner, { expirationDate: new Date(Date.now() - 60_000) });
    const page = await get(`/form/${id}`);
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('This form has expired');
    const res = await post(`/form/${id}`, [
      ['name', 'Ada'],
      ['_action', 'submit'],
      ['_formLoadTime', LOADED_LONG_AGO()],
    ]);
    expect(res.statusCode).toBe(410);
    expect(res.body).toContain('This form has expired');
    expect(await countSubmissions(app, id)).toBe(0);
  });

  it('answers an unknown form with the unavailable page (404)', async () => {
    const res = await get('/form/no-such-form-here');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Form Unavailable');
  });

  it("finding 8: an address holding $` $& or $' renders one document head", async () => {
    for (const piece of ['$%60', '$&', "$'", '$$']) {
      const res = await get(`/form/x${piece}y`);
      expect(res.statusCode, piece).toBe(404);
      expect(res.body.match(/<head>/g), piece).toHaveLength(1);
      expect(res.body.match(/<html/g), piece).toHaveLength(1);
      expect(res.body.match(new RegExp(`id="${FILL_STATE_ELEMENT_ID}"`, 'g')), piece).toHaveLength(1);
    }
  });

  it('writes the chosen language and its direction into <html> from the first byte: ?lang=ar is right to left', async () => {
    const form = await published({
      fields: FIELDS,
      language: 'en',
      translations: { ar: { title: 'ملاحظات العملاء' } },
    });
    const arabic = await get(`${form.url}?lang=ar`);
    expect(arabic.statusCode).toBe(200);
    expect(arabic.body).toMatch(/^<!doctype html>\s*<html lang="ar" dir="rtl" class="nojs">/i);
    expect(arabic.body).toContain('<title>ملاحظات العملاء</title>');
    expect((await get(form.url)).body).toMatch(/<html lang="en" dir="ltr" class="nojs">/);
    // A page that has no form to show speaks the language asked for as well.
    expect((await get('/form/no-such-form-here?lang=ar')).body).toMatch(/<html lang="ar" dir="rtl"/);
  });

  it('unfurls a shared link: the form’s title and description, or the owner’s link preview and icon', async () => {
    const plain = await published({
      fields: FIELDS,
      title: 'Customer feedback',
      description: 'Two minutes,\n  "honest" answers.',
    });
    const html = (await get(plain.url)).body;
    expect(html).toContain('<meta property="og:title" content="Customer feedback" />');
    expect(html).toContain(
      '<meta property="og:description" content="Two minutes, &quot;honest&quot; answers." />',
    );
    expect(html).toContain('<meta name="description" content="Two minutes, &quot;honest&quot; answers." />');
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
    expect(html).not.toContain('og:image');
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);

    const shared = await published({
      fields: FIELDS,
      title: 'Customer feedback',
      theme_config: {
        socialTitle: 'Tell us <everything>',
        socialDescription: 'Win a mug.',
        socialImage: 'https://cdn.acme.test/card.png',
        faviconUrl: 'https://cdn.acme.test/icon.png',
      },
    });
    const card = (await get(shared.url)).body;
    expect(card).toContain('<title>Customer feedback</title>');
    expect(card).toContain('<meta property="og:title" content="Tell us &lt;everything&gt;" />');
    expect(card).toContain('<meta name="twitter:description" content="Win a mug." />');
    expect(card).toContain('<meta property="og:image" content="https://cdn.acme.test/card.png" />');
    expect(card).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(card).toContain('<link rel="icon" href="https://cdn.acme.test/icon.png" />');
    expect(card.match(/<link rel="icon"/g)).toHaveLength(1);

    // An address that is not http(s) is no image and no icon: the page keeps its own.
    const odd = await published({
      fields: FIELDS,
      theme_config: { socialImage: 'javascript:alert(1)', faviconUrl: 'data:image/png;base64,AA' },
    });
    const oddHtml = (await get(odd.url)).body;
    expect(oddHtml).not.toContain('og:image');
    expect(oddHtml).not.toContain('<link rel="icon" href="data:image/png');
    expect(oddHtml.match(/<link rel="icon"/g)).toHaveLength(1);
  });

  it("gates a password form in the respondent's language: its translated title in the heading and <title>", async () => {
    const form = await published({
      fields: FIELDS,
      title: 'Customer feedback',
      access_restriction: 'password',
      access_code: 'tulip-42',
      language: 'en',
      translations: { fr: { title: 'Avis des clients' } },
    });
    for (const gate of [
      await get(`${form.url}?lang=fr`),
      await app.inject({ method: 'GET', url: form.url, headers: { 'accept-language': 'fr-CA,fr;q=0.9' } }),
    ]) {
      expect(gate.statusCode).toBe(403);
      expect(gate.body).toContain('<title>Avis des clients</title>');
      expect(gate.body).toMatch(/<h1[^>]*>Avis des clients<\/h1>/);
      expect(gate.body).toMatch(/<html lang="fr" dir="ltr"/);
      expect(gate.body).not.toContain('Customer feedback');
    }
    expect((await get(form.url)).body).toContain('<title>Customer feedback</title>');
  });

  it('offers a respondent turned away no marketing page: no link home or to sign-up when unavailable, expired or closed', async () => {
    const expired = await createPublishedForm(app, owner, { expirationDate: new Date(Date.now() - 60_000) });
    const closed = await createPublishedForm(app, owner, { closesAt: new Date(Date.now() - 60_000) });
    const pages = [
      await get('/form/no-such-form-here'),
      await get(`/form/${expired}`),
      await get(`/form/${closed}`),
    ];
    expect(pages.map((res) => res.statusCode)).toEqual([404, 410, 410]);
    for (const res of pages) {
      const root =
        /<div id="root">([\s\S]*)<\/div><script type="application\/json"/.exec(res.body)?.[1] ?? '';
      expect(root).not.toBe('');
      expect(root).not.toMatch(/href="\/(register|login|dashboard)?"/);
    }
  });

  it('answers the numbered address of a form only its custom link opens like a missing form', async () => {
    const form = await published({ fields: FIELDS, slug_only: true });
    const missing = await get('/form/2147483000');
    for (const url of [`/form/${form.id}`, `/form/${form.id}/embed`]) {
      const byId = await get(url);
      expect(byId.statusCode, url).toBe(404);
      expect(stateOf(byId.body).view).toEqual(stateOf(missing.body).view);
      expect(byId.body).not.toContain('Customer feedback');
    }
    const posted = await post(`/form/${form.id}`, answers('', [['name', 'Grace']]));
    expect(posted.statusCode).toBe(404);
    expect((await get(form.url)).statusCode).toBe(200);
  });

  it('looks like success to a bot that fills the decoy, and stores nothing', async () => {
    const form = await published({ fields: FIELDS });
    const page = await get(form.url);
    const body = answers(page.body, [['name', 'Spam Bot']]).map(([k, v]): [string, string] =>
      k === 'website' ? [k, 'http://spam.example'] : [k, v],
    );
    const res = await post(form.url, body);
    expect(res.statusCode).toBe(200);
    expect(stateOf(res.body).view.kind).toBe('success');
    expect(await countSubmissions(app, form.id)).toBe(0);
  });

  it('gives back a post sent right after the page loaded with its answers, and stores it when sent again', async () => {
    const form = await published({ fields: FIELDS });
    const page = await get(form.url);
    // As the browser posts it, its own load time kept: sent at once (a short form, or a post that
    // beat the page's script to it), which no person could have read and answered.
    const body: Posted = [
      ...hiddenOf(page.body),
      ['name', 'Quick Quinn'],
      ['website', ''],
      ['_action', 'submit'],
    ];
    const quick = await post(form.url, body);
    expect(quick.statusCode).toBe(422);
    const view = stateOf(quick.body).view;
    expect(view).toMatchObject({
      kind: 'form',
      values: { name: 'Quick Quinn' },
      banner: chromeFor('en').t('submit.tooSoon'),
    });
    expect(quick.body).toContain('Quick Quinn');
    expect(await countSubmissions(app, form.id)).toBe(0);
    // The page came back with the load time it was first served with: sent again once the window
    // has passed (shifted here instead of waited for), it is stored once.
    const loadedAt = (html: string) => hiddenOf(html).find(([k]) => k === '_formLoadTime')?.[1];
    expect(loadedAt(quick.body)).toBe(loadedAt(page.body));
    const again = hiddenOf(quick.body).map(([k, v]): [string, string] =>
      k === '_formLoadTime' ? [k, String(Number(v) - 10_000)] : [k, v],
    );
    const sent = await post(form.url, [
      ...again,
      ['name', 'Quick Quinn'],
      ['website', ''],
      ['_action', 'submit'],
    ]);
    expect(sent.statusCode).toBe(200);
    expect(stateOf(sent.body).view.kind).toBe('success');
    expect(await countSubmissions(app, form.id)).toBe(1);
  });

  it('refuses a post from another site', async () => {
    const form = await published({ fields: FIELDS });
    const page = await get(form.url);
    const body = answers(page.body, [['name', 'Grace']]);
    expect((await post(form.url, body, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await post(form.url, body, { 'sec-fetch-site': 'cross-site', origin: 'null' })).statusCode).toBe(
      403,
    );
    expect(await countSubmissions(app, form.id)).toBe(0);
    // The page's own post: the browser says same-origin (and Origin null: the page sends no referrer).
    const own = await post(form.url, body, { 'sec-fetch-site': 'same-origin', origin: 'null' });
    expect(own.statusCode).toBe(200);
    expect(await countSubmissions(app, form.id)).toBe(1);
  });

  it('steps through pages on the server: per-page checks, answers carried, Back, logic jumps', async () => {
    const form = await published({
      fields: [
        {
          id: 'skip',
          type: 'radio',
          label: 'Skip?',
          options: [{ label: 'yes' }, { label: 'no' }],
          is_required: true,
        },
        { id: 'p2', type: 'page_break', label: 'Second' },
        { id: 'age', type: 'number', label: 'Age', is_required: true },
        { id: 'p3', type: 'page_break', label: 'Third' },
        { id: 'name', type: 'text', label: 'Name', is_required: true },
      ],
      logic: {
        rules: [
          {
            id: 'jump',
            page: 'page_1',
            conditions: [{ ref: 'skip', operator: 'equals', value: 'yes' }],
            actions: [{ type: 'jump', page: 'p3' }],
          },
        ],
      },
    });
    const first = await get(form.url);
    expect(first.body).toContain('Page 1 of 3');
    // Next without the required answer: the same page with its error.
    const missing = await post(form.url, answers(first.body, [], 'next'));
    expect(missing.statusCode).toBe(422);
    expect(stateOf(missing.body).view).toMatchObject({
      stepId: 'page_1',
      errors: { skip: expect.any(String) },
    });
    // 'no' leads to the age page; the first answer rides along in a hidden input.
    const second = await post(form.url, answers(first.body, [['skip', 'no']], 'next'));
    expect(second.statusCode).toBe(200);
    expect(second.body).toContain('Age');
    expect(hiddenOf(second.body)).toContainEqual(['skip', 'no']);
    // Back keeps what was typed on the page left.
    const back = await post(form.url, answers(second.body, [['age', '41']], 'back'));
    expect(stateOf(back.body).view).toMatchObject({ stepId: 'page_1', values: { skip: 'no', age: '41' } });
    expect(back.body).toMatch(/<input[^>]+value="no"[^>]*checked|<input[^>]+checked[^>]+value="no"/);
    // 'yes' jumps over the age page to the last one, and the submit stores what the path asked.
    const jumped = await post(form.url, answers(back.body, [['skip', 'yes']], 'next'));
    expect(stateOf(jumped.body).view).toMatchObject({ stepId: 'p3' });
    expect(jumped.body).toContain('Page 2 of 2');
    const done = await post(form.url, answers(jumped.body, [['name', 'Ada']]));
    expect(done.statusCode, done.body).toBe(200);
    const rows = await stored(form.id);
    expect(rows.map((r) => r.data)).toEqual([{ skip: 'yes', name: 'Ada' }]);
  });

  it('steps one question per post for a one-at-a-time form, as the page does with JavaScript', async () => {
    const form = await published({
      display: 'one_at_a_time',
      fields: [
        { id: 'name', label: 'Your name', type: 'text', is_required: true },
        { id: 'city', label: 'Your city', type: 'text' },
      ],
    });
    const first = await get(form.url);
    expect(first.body).toContain('Question 1 of 2');
    expect(first.body).not.toMatch(/<label[^>]*>Your city/);
    const second = await post(form.url, answers(first.body, [['name', 'Ada']], 'next'));
    expect(second.body).toContain('Question 2 of 2');
    expect(hiddenOf(second.body)).toContainEqual(['name', 'Ada']);
    const done = await post(form.url, answers(second.body, [['city', 'London']]));
    expect(done.statusCode, done.body).toBe(200);
    expect((await stored(form.id)).map((r) => r.data)).toEqual([{ name: 'Ada', city: 'London' }]);
  });

  it('keeps a file stored on an earlier page for the submit, and Remove takes it off', async () => {
    const form = await published({
      fields: [
        { id: 'doc', label: 'Document', type: 'file', validation_rules: { accept: ['.txt'] } },
        { id: 'p2', type: 'page_break', label: 'Second' },
        { id: 'note', label: 'Note', type: 'text' },
      ],
    });
    const first = await get(form.url);
    const send = (
      fields: Array<
        { name: string; value: string } | { name: string; filename: string; type: string; content: Buffer }
      >,
    ) => {
      const body = multipart(fields);
      return app.inject({
        method: 'POST',
        url: form.url,
        headers: { ...body.headers, 'sec-fetch-site': 'same-origin' },
        payload: body.payload,
      });
    };
    const asParts = (posted: Posted) => posted.map(([name, value]) => ({ name, value }));
    const withFile = await send([
      ...asParts(answers(first.body, [], 'next').filter(([k]) => k !== '_action')),
      { name: 'doc', filename: 'notes.txt', type: 'text/plain', content: Buffer.from('kept') },
      { name: '_action', value: 'next' },
    ]);
    expect(withFile.statusCode, withFile.body).toBe(200);
    expect(stateOf(withFile.body).view).toMatchObject({
      stepId: 'p2',
      values: { doc: { name: 'notes.txt' } },
    });
    // Back on the first page the file shows as chosen; Remove posts the page without it.
    const back = await send(asParts(answers(withFile.body, [['note', 'hello']], 'back')));
    expect(back.body).toContain('notes.txt');
    const removed = await send(asParts(answers(back.body, [], 'remove:doc')));
    expect(stateOf(removed.body).view).toMatchObject({
      stepId: 'page_1',
      values: { doc: null, note: 'hello' },
    });
    // Kept instead, the file goes with the submit from the last page.
    const done = await send(asParts(answers(withFile.body, [['note', 'hello']])));
    expect(done.statusCode, done.body).toBe(200);
    const [row] = await stored(form.id);
    expect(row!.data).toMatchObject({ note: 'hello', doc: { name: 'notes.txt' } });
  });

  it('serves the embed page framable by other sites, the page itself not, each allowing only its own inline scripts', async () => {
    const form = await published({ fields: FIELDS });
    const page = await get(form.url);
    const embed = await get(`${form.url}/embed`);
    expect(embed.statusCode).toBe(200);
    expect(String(embed.headers['content-security-policy'])).toContain('frame-ancestors *');
    expect(String(page.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    for (const res of [page, embed]) {
      const scriptSrc = /script-src ([^;]+)/.exec(String(res.headers['content-security-policy']))![1]!;
      const inline = [...res.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
        ([, code]) => `'sha256-${createHash('sha256').update(code!).digest('base64')}'`,
      );
      // The theme's script, and the one that starts the page's module once it is on screen.
      expect(inline).toHaveLength(2);
      expect(scriptSrc.split(' ').sort()).toEqual(["'self'", ...inline].sort());
    }
    expect(stateOf(embed.body).embed).toBe(true);
  });

  it("opens the public page in the visitor's browsing context group, while the app keeps its own", async () => {
    const form = await published({ fields: FIELDS });
    const page = await get(form.url);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    const missing = await get('/form/2147483000');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    const app = await get('/');
    expect(app.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('draws an embed in the scheme its host page chose, see-through inline, even before its script runs', async () => {
    const form = await published({ fields: FIELDS });
    const htmlClass = async (url: string) => /<html [^>]*class="([^"]*)"/.exec((await get(url)).body)?.[1];
    // Inline: the host page shows through; the chosen scheme, else the system's (nojs).
    expect(await htmlClass(`${form.url}/embed?theme=dark`)).toBe('dark fs-see-through');
    expect(await htmlClass(`${form.url}/embed?theme=light`)).toBe('fs-see-through');
    expect(await htmlClass(`${form.url}/embed?theme=auto`)).toBe('nojs fs-see-through');
    expect(await htmlClass(`${form.url}/embed?theme=purple`)).toBe('nojs fs-see-through');
    // A dialog's or full page's frame keeps the form's own page background.
    expect(await htmlClass(`${form.url}/embed?frame=own&theme=dark`)).toBe('dark');
    // The page itself takes no scheme from its address: its own respondents' system decides.
    expect(await htmlClass(`${form.url}?theme=dark`)).toBe('nojs');
  });

  it('needs nothing fetched before its first paint: styles and icon inline, the module started after it', async () => {
    const { body } = await get((await published({ fields: FIELDS })).url);
    expect(body).not.toMatch(/<link rel="stylesheet"/);
    expect(body).toMatch(/<link rel="icon" href="data:image\/svg\+xml,/);
    // No module tag the browser would fetch while parsing: the inline script imports it.
    expect(body).not.toMatch(/<script[^>]* src=/);
    const entry = /import\("(\/assets\/[^"]+\.js)"\)/.exec(body)?.[1];
    expect(existsSync(path.join(web, entry!))).toBe(true);
  });

  it('gives each respondent their own load time and submit key in the page kept for the form', async () => {
    const form = await published({ fields: FIELDS });
    const before = Date.now();
    const [first, second] = [await get(form.url), await get(form.url)];
    const keys = [first, second].map((res) => {
      const view = stateOf(res.body).view;
      if (view.kind !== 'form') throw new Error('no form');
      const hidden = Object.fromEntries(hiddenOf(res.body));
      // The page's inputs and its state agree, and name this request's load.
      expect(hidden._key).toBe(view.submitKey);
      expect(hidden._formLoadTime).toBe(String(view.loadedAt));
      expect(view.loadedAt).toBeGreaterThanOrEqual(before);
      expect(view.loadedAt).toBeLessThanOrEqual(Date.now());
      return view.submitKey;
    });
    expect(keys[0]).not.toBe(keys[1]);
    // Everything else is the same page.
    const strip = (html: string) =>
      html
        .replaceAll(keys[0]!, 'KEY')
        .replaceAll(keys[1]!, 'KEY')
        .replace(/\b1\d{12}\b/g, 'TIME');
    expect(strip(second.body)).toBe(strip(first.body));
    // Two respondents sending their pages store two submissions.
    for (const page of [first, second]) {
      const res = await post(form.url, answers(page.body, [['name', 'Grace']]));
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await stored(form.id)).toHaveLength(2);
  });

  it('shows every change of the form at once: a new version, its language, sharing, unpublishing', async () => {
    const form = await published({ fields: FIELDS, title: 'First title' });
    const title = async (headers: Record<string, string> = {}) => {
      const res = await app.inject({ method: 'GET', url: form.url, headers });
      return { status: res.statusCode, title: /<title>([^<]*)<\/title>/.exec(res.body)?.[1] };
    };
    expect(await title()).toEqual({ status: 200, title: 'First title' });
    const save = await app.inject({
      method: 'PUT',
      url: `/api/forms/${form.id}`,
      headers: owner.auth,
      payload: {
        title: 'Second title',
        fields: FIELDS,
        language: 'en',
        translations: { fr: { title: 'Deuxième titre' } },
      },
    });
    expect(save.statusCode, save.body).toBe(200);
    // A saved draft is not what respondents get until it is published.
    expect(await title()).toEqual({ status: 200, title: 'First title' });
    await publishForm(app, owner, form.id);
    expect(await title()).toEqual({ status: 200, title: 'Second title' });
    expect(await title({ 'accept-language': 'fr' })).toEqual({ status: 200, title: 'Deuxième titre' });
    const gated = await putSharing(app, owner, form.id, {
      access_restriction: 'password',
      access_code: 'letmein',
    });
    expect(gated.statusCode, gated.body).toBe(200);
    expect(stateOf((await get(form.url)).body).view.kind).toBe('gate');
    await putSharing(app, owner, form.id, { access_restriction: 'public' });
    expect(stateOf((await get(form.url)).body).view.kind).toBe('form');
    const off = await app.inject({
      method: 'POST',
      url: `/api/forms/${form.id}/unpublish`,
      headers: owner.auth,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await title()).status).toBe(404);
    await publishForm(app, owner, form.id);
    expect(await title()).toEqual({ status: 200, title: 'Second title' });
  });

  it('counts a view for each page a respondent opens, none for its steps, HEAD requests or prefetches', async () => {
    const form = await published({ fields: FIELDS });
    const code = await published({ fields: FIELDS });
    await putSharing(app, owner, code.id, { access_restriction: 'password', access_code: 'letmein' });
    // Views are stored a moment after the pages are sent: each reading waits for that.
    const views = async (id: number) => {
      await new Promise((resolve) => setTimeout(resolve, PAGE_VIEW_FLUSH_MS + 300));
      const res = await app.inject({ method: 'GET', url: `/api/analytics/forms/${id}`, headers: owner.auth });
      return (res.json() as { total_views: number }).total_views;
    };
    const page = await get(form.url);
    expect(await views(form.id)).toBe(1);
    const next = await post(form.url, answers(page.body, [['name', 'x']]));
    expect(next.statusCode).toBe(422);
    await app.inject({ method: 'HEAD', url: form.url });
    await app.inject({ method: 'GET', url: form.url, headers: { 'sec-purpose': 'prefetch' } });
    await get(form.url);
    expect(await views(form.id)).toBe(2);
    // Behind an access code the view is the form opened, not the gate.
    const gate = await get(code.url);
    expect(stateOf(gate.body).view.kind).toBe('gate');
    await post(code.url, [...hiddenOf(gate.body), ['access_code', 'wrong'], ['_action', 'access']]);
    expect(await views(code.id)).toBe(0);
    await post(code.url, [...hiddenOf(gate.body), ['access_code', 'letmein'], ['_action', 'access']]);
    expect(await views(code.id)).toBe(1);
  });

  it('redirects to an https ending with 303', async () => {
    const form = await published({
      fields: FIELDS,
      logic: {
        rules: [{ id: 'end', page: 'page_1', actions: [{ type: 'end', ending: 'away' }] }],
        endings: [
          { id: 'away', title: 'Bye', message: 'Off you go', redirectUrl: 'https://example.com/next' },
        ],
      },
    });
    const page = await get(form.url);
    const res = await post(form.url, answers(page.body, [['name', 'Grace']]));
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toMatch(/^https:\/\/example\.com\/next/);
    expect(await countSubmissions(app, form.id)).toBe(1);
  });

  it('takes a multipart post with a file, stores the file and attaches it to the submission', async () => {
    const id = await createPublishedForm(app, owner);
    const page = await get(`/form/${id}`);
    expect(page.body).toContain('enctype="multipart/form-data"');
    const hidden = hiddenOf(page.body).filter(([k]) => k !== '_formLoadTime');
    const body = multipart([
      ...hidden.map(([name, value]) => ({ name, value })),
      { name: '_formLoadTime', value: LOADED_LONG_AGO() },
      { name: 'name', value: 'Ada' },
      { name: 'code', value: 'ABC' },
      { name: 'colour', value: 'blue' },
      { name: 'cv', filename: 'cv.txt', type: 'text/plain', content: Buffer.from('hello') },
      { name: 'website', value: '' },
      { name: '_action', value: 'submit' },
    ]);
    const res = await app.inject({
      method: 'POST',
      url: `/form/${id}`,
      headers: { ...body.headers, origin: 'http://localhost:3000' },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await stored(id);
    expect(rows).toHaveLength(1);
    const cv = rows[0]!.data.cv as { upload_id: string; name: string };
    expect(cv.name).toBe('cv.txt');
    expect((await findUpload(app, cv.upload_id))?.submissionId).toBe(rows[0]!.id);
  });

  it('an end-to-end encrypted form says JavaScript is needed, hides its form, and keeps nothing posted in clear', async () => {
    const id = await createPublishedForm(app, owner);
    const { formKey } = await makeFormKey();
    expect(
      (await putEncryption(app, { formId: id, user: owner, level: 'enhanced', key: formKey })).statusCode,
    ).toBe(200);
    const needsJs = chromeFor('en').t('encryption.needsJavaScript');

    const page = await get(`/form/${id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(needsJs);
    // The notice shows and the form hides in a browser without scripts (`noscript`: scripting: none).
    expect(page.body).toMatch(/<p class="hidden [^"]*noscript:block[^"]*">/);
    expect(page.body).toMatch(/<form [^>]*class="space-y-8 noscript:hidden"/);

    const marker = `CLEAR-${Date.now()}`;
    const hidden = hiddenOf(page.body).filter(([k]) => k !== '_formLoadTime');
    for (const action of ['next', 'submit']) {
      const body = multipart([
        ...hidden.map(([name, value]) => ({ name, value })),
        { name: '_formLoadTime', value: LOADED_LONG_AGO() },
        { name: 'name', value: marker },
        { name: 'code', value: 'ABC' },
        { name: 'colour', value: 'blue' },
        { name: 'cv', filename: 'cv.txt', type: 'text/plain', content: Buffer.from(`${marker} in a file`) },
        { name: 'website', value: '' },
        { name: '_action', value: action },
      ]);
      const res = await app.inject({
        method: 'POST',
        url: `/form/${id}`,
        headers: { ...body.headers, origin: 'http://localhost:3000' },
        payload: body.payload,
      });
      expect(res.statusCode, action).toBe(400);
      expect(res.body).toContain(needsJs);
    }
    expect(await countSubmissions(app, id)).toBe(0);
    expect(await app.db.select().from(uploads).where(eq(uploads.formId, id))).toEqual([]);
    const folder = path.join(app.config.dataDir, 'uploads');
    expect(existsSync(folder) ? holding(filesUnder(folder), marker) : []).toEqual([]);
  });
});

describe(`public form page without JavaScript, rate limited (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;

  beforeAll(async () => {
    // 60 submits a minute per address, times 0.05: three.
    app = await createTestApp({ env: { WEB_DIST: buildFillPageWeb(), RATE_LIMIT_FACTOR: '0.05' } });
    owner = await createTestUser(app);
  }, 60_000);
  afterAll(() => app.close());

  it('answers 429 over the submit limit, with the answers kept and the reason over the form', async () => {
    const slug = uniqueSlug('limited');
    const form = await createForm(app, owner, {
      slug,
      fields: [{ id: 'name', label: 'Your name', type: 'text', is_required: true }],
    });
    await publishForm(app, owner, form.id);
    const page = await app.inject({ method: 'GET', url: `/form/${slug}`, remoteAddress: '203.0.113.9' });
    const statuses: number[] = [];
    let last = '';
    let lastHeaders: Record<string, unknown> = {};
    for (let i = 0; i < 4; i += 1) {
      const res = await app.inject({
        method: 'POST',
        url: `/form/${slug}`,
        remoteAddress: '203.0.113.9',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3000' },
        payload: new URLSearchParams([
          ...hiddenOf(page.body).filter(([k]) => k !== '_formLoadTime' && k !== '_key'),
          ['_formLoadTime', LOADED_LONG_AGO()],
          ['_key', `key-${i}`],
          ['name', `Ada ${i}`],
          ['_action', 'submit'],
        ]).toString(),
      });
      statuses.push(res.statusCode);
      last = res.body;
      lastHeaders = res.headers;
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    // Like the JSON API's 429, the page says how long to wait in a Retry-After header.
    expect(Number(lastHeaders['retry-after'])).toBeGreaterThan(0);
    expect(last).toContain('value="Ada 3"');
    expect(last).toContain('Too many');
    expect(await countSubmissions(app, form.id)).toBe(3);
  });

  it('answers too many wrong access codes with the gate, a 429 and how long to wait in Retry-After', async () => {
    const slug = uniqueSlug('guarded');
    const form = await createForm(app, owner, {
      slug,
      access_restriction: 'password',
      access_code: 'tulip-42',
      fields: [{ id: 'name', label: 'Your name', type: 'text' }],
    });
    await publishForm(app, owner, form.id);
    const gate = await app.inject({ method: 'GET', url: `/form/${slug}`, remoteAddress: '203.0.113.10' });
    const tries = [];
    for (let i = 0; i < 3; i += 1) {
      tries.push(
        await app.inject({
          method: 'POST',
          url: `/form/${slug}`,
          remoteAddress: '203.0.113.10',
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3000' },
          payload: new URLSearchParams([
            ...hiddenOf(gate.body),
            ['access_code', `wrong-${i}`],
            ['_action', 'access'],
          ]).toString(),
        }),
      );
    }
    const refused = tries.at(-1)!;
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body).not.toContain('Your name');
  });
});
