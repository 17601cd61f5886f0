// @ts-check
// Captures the landing page's screenshots from a running Formsmith into public/screenshots, light
// and dark, as WebP (Chromium encodes them: nothing else to install).
//
//   DATA_DIR=/tmp/shots SMTP_URL= RATE_LIMIT_FACTOR=1000 PORT=3205 npm start   (another terminal)
//   node apps/web/scripts/capture-landing-screenshots.mjs http://localhost:3205 /tmp/shots
//
// The server must have no SMTP_URL: the account's verification link is read from its outbox.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const [base = 'http://localhost:3000', dataDir = './data'] = process.argv.slice(2);
const out = path.resolve(import.meta.dirname, '../public/screenshots');

/**
 * @param {string} method
 * @param {string} url
 * @param {unknown} [body]
 * @param {string} [token]
 * @returns {Promise<any>} the answer's JSON, as the API documents it
 */
async function api(method, url, body, token) {
  const res = await fetch(`${base}/api${url}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      'idempotency-key': `${Math.random()}`,
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? null : res.json();
}

/** @param {string} email */
async function verificationToken(email) {
  for (let tries = 0; tries < 50; tries++) {
    const outbox = path.join(dataDir, 'outbox');
    // The outbox appears with the first mail, which the job worker sends shortly after the request.
    const names = existsSync(outbox) ? readdirSync(outbox).sort().reverse() : [];
    for (const name of names) {
      const mail = readFileSync(path.join(outbox, name), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      if (mail.includes(email)) return /verify-email\?token=([\w-]+)/.exec(mail)?.[1];
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('no verification mail in the outbox');
}

/** @param {string[]} labels */
const choice = (...labels) => labels.map((label) => ({ label, value: label.toLowerCase() }));

const FORM = {
  title: 'Spring workshop registration',
  description: 'Reserve your seat for the spring workshop. It takes two minutes.',
  submit_button_text: 'Register',
  fields: [
    {
      id: 'name',
      type: 'text',
      label: 'Full name',
      validation: { required: true },
      placeholder: 'Ada Lovelace',
    },
    { id: 'email', type: 'email', label: 'Email address', validation: { required: true } },
    {
      id: 'session',
      type: 'radio',
      label: 'Which session?',
      options: choice('Morning', 'Afternoon', 'Evening'),
    },
    {
      id: 'diet',
      type: 'checkbox',
      label: 'Dietary needs',
      options: choice('Vegetarian', 'Vegan', 'Gluten-free'),
    },
    {
      id: 'heard',
      type: 'select',
      label: 'How did you hear about us?',
      options: choice('A friend', 'Newsletter', 'Social media'),
    },
    { id: 'notes', type: 'textarea', label: 'Anything we should know?' },
  ].map((field, position) => ({ position, ...field })),
};

const PEOPLE = [
  'Maya',
  'Daniel',
  'Priya',
  'Tomás',
  'Aiko',
  'Lena',
  'Omar',
  'Grace',
  'Ravi',
  'Sofia',
  'Jonas',
  'Amara',
];

async function seed() {
  const email = `shots-${Date.now()}@example.com`;
  const password = 'correct horse battery staple';
  await api('POST', '/auth/register', {
    name: 'Robin Organiser',
    email,
    password,
    confirmPassword: password,
    acceptTerms: true,
  });
  await api('GET', `/auth/verify/${await verificationToken(email)}`);
  const { token, expires_in: expiresIn } = await api('POST', '/auth/login', { email, password });
  const form = await api(
    'POST',
    '/forms',
    { ...FORM, slug: `spring-workshop-${Date.now() % 100000}` },
    token,
  );
  await api('POST', `/forms/${form.id}/publish`, undefined, token);
  const sessions = ['morning', 'morning', 'afternoon', 'evening', 'morning', 'afternoon'];
  const heard = ['a friend', 'newsletter', 'social media', 'a friend'];
  for (let i = 0; i < 36; i++) {
    const name = PEOPLE[i % PEOPLE.length] ?? 'Sam';
    await api('POST', `/form-submissions/forms/${form.id}/submit`, {
      data: {
        name: `${name} ${String.fromCharCode(65 + (i % 26))}.`,
        email: `${name.toLowerCase()}${i}@example.org`,
        session: sessions[i % sessions.length],
        diet: i % 3 === 0 ? ['vegetarian'] : i % 5 === 0 ? ['vegan', 'gluten-free'] : [],
        heard: heard[i % heard.length],
        notes: '',
        _formLoadTime: Date.now() - 60_000,
      },
      metadata: { timestamp: Date.now() },
    });
  }
  return { token, expiresIn, form };
}

/** The PNG as WebP at `width` pixels wide, encoded by the browser. */
/**
 * @param {import('@playwright/test').Page} page
 * @param {Buffer} png
 * @param {number} width
 */
async function toWebp(page, png, width) {
  const data = await page.evaluate(
    async ({ b64, width }) => {
      // Run in the page: its globals, which this Node script's types do not know.
      const inPage = /** @type {any} */ (globalThis);
      const image = new inPage.Image();
      image.src = `data:image/png;base64,${b64}`;
      await image.decode();
      const canvas = inPage.document.createElement('canvas');
      canvas.width = width;
      canvas.height = Math.round((image.height * width) / image.width);
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2D canvas in this browser');
      context.imageSmoothingQuality = 'high';
      context.drawImage(image, 0, 0, canvas.width, canvas.height);
      return canvas.toDataURL('image/webp', 0.8);
    },
    { b64: png.toString('base64'), width },
  );
  return Buffer.from(data.split(',')[1] ?? '', 'base64');
}

/**
 * @param {import('@playwright/test').Browser} browser
 * @param {{ token: string, expiresIn: number, form: { id: number, sharing: { slug: string } } }} session
 */
async function capture(browser, { token, expiresIn, form }) {
  const shots = [
    {
      name: 'editor',
      url: `/forms/${form.id}/edit`,
      viewport: { width: 1440, height: 900 },
      scale: 1,
      width: 1200,
    },
    {
      name: 'respondent',
      url: `/form/${form.sharing.slug}`,
      viewport: { width: 390, height: 780 },
      scale: 2,
      width: 780,
    },
    {
      name: 'analytics',
      url: `/forms/${form.id}/submissions?tab=analytics`,
      viewport: { width: 1440, height: 900 },
      scale: 1,
      width: 1200,
    },
  ];
  for (const dark of [false, true]) {
    for (const shot of shots) {
      const context = await browser.newContext({ viewport: shot.viewport, deviceScaleFactor: shot.scale });
      await context.addInitScript(
        ({ token, expiresIn, dark }) => {
          // The session's own expiry: one near its end would be refreshed, and the refresh retires
          // the token the next capture starts with.
          const { localStorage } = /** @type {any} */ (globalThis);
          localStorage.setItem('auth_token', token);
          localStorage.setItem('token_expiration', String(Date.now() + expiresIn * 1000));
          localStorage.setItem('darkMode', String(dark));
        },
        { token, expiresIn, dark },
      );
      const page = await context.newPage();
      await page.goto(`${base}${shot.url}`);
      await page.waitForLoadState('networkidle');
      if (shot.name === 'analytics') {
        const tab = page.getByRole('tab', { name: 'Analytics' });
        if (await tab.count()) await tab.click();
        await page.waitForLoadState('networkidle');
        // The answers to each question, rather than the daily figures of a form filled in a minute.
        await page
          .getByRole('heading', { name: 'Answer distribution' })
          .first()
          .evaluate((el) => {
            const window = /** @type {any} */ (globalThis);
            window.scrollTo({ top: el.getBoundingClientRect().top + window.scrollY - 110 });
          });
      }
      await page.waitForTimeout(800);
      const png = await page.screenshot();
      const file = path.join(out, `${shot.name}-${dark ? 'dark' : 'light'}.webp`);
      writeFileSync(file, await toWebp(page, png, shot.width));
      console.log(file);
      await context.close();
    }
  }
}

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  await capture(browser, await seed());
} finally {
  await browser.close();
}
