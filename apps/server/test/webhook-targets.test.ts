import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkTarget, isPublicAddress } from '../src/modules/webhooks/safe-target.ts';
import { postToTarget } from '../src/modules/webhooks/send.ts';
import { dbKind } from './helpers/app.ts';
import { startReceiver } from './helpers/receiver.ts';
import { createOwnerTestApp, type TestUser } from './helpers/users.ts';
import { createPublishedForm } from './intake-fixtures.ts';

const REFUSED = [
  'http://127.0.0.1/hook',
  'http://10.0.0.1/hook',
  'http://169.254.169.254/latest/meta-data/',
  'http://[::1]/hook',
  'http://[fd00::1]/hook',
  'http://[::ffff:127.0.0.1]/hook',
  'http://100.64.0.1/hook',
  'http://192.168.1.10/hook',
  'http://224.0.0.1/hook',
  'http://0.0.0.0/hook',
  // A host name resolving to 127.0.0.1 (and ::1).
  'http://localhost/hook',
];

describe(`webhook targets without WEBHOOK_ALLOW_PRIVATE (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;

  beforeAll(async () => {
    ({ app, owner } = await createOwnerTestApp());
  });
  afterAll(() => app.close());

  it('refuses loopback, private, link-local, CGNAT, multicast and metadata targets when saving', async () => {
    const formId = await createPublishedForm(app, owner);
    for (const url of REFUSED) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/forms/${formId}/webhooks`,
        headers: owner.auth,
        payload: { url, events: ['submission.created'] },
      });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().fields.url, url).toMatch(/public addresses/);
    }
  });

  it('refuses the same targets on every attempt, before connecting', async () => {
    const receiver = await startReceiver();
    try {
      for (const url of [...REFUSED, receiver.url]) {
        const result = await postToTarget({ url, body: '{}', headers: {}, allowPrivate: false });
        expect(result, url).toMatchObject({ ok: false, statusCode: null });
        expect(result.error, url).toMatch(/public addresses/);
      }
      expect(receiver.received).toHaveLength(0);
    } finally {
      await receiver.close();
    }
  });

  it('classifies ordinary public addresses as allowed', async () => {
    expect(isPublicAddress('93.184.215.14')).toBe(true);
    expect(isPublicAddress('2606:4700::6810:84e5')).toBe(true);
    expect(isPublicAddress('fd00:ec2::254')).toBe(false);
    expect(isPublicAddress('169.254.169.254')).toBe(false);
    await expect(checkTarget('http://93.184.215.14/x', { allowPrivate: false })).resolves.toMatchObject({
      address: '93.184.215.14',
    });
    await expect(checkTarget('file:///etc/passwd', { allowPrivate: false })).rejects.toThrow(/http/);
  });
});

describe('webhook redirects', () => {
  it('does not follow a 302 to 127.0.0.1: the attempt fails and the redirect target is never called', async () => {
    const target = await startReceiver();
    const redirecting = await startReceiver([{ status: 302, headers: { location: target.url } }]);
    try {
      const result = await postToTarget({
        url: redirecting.url,
        body: '{}',
        headers: {},
        allowPrivate: true,
      });
      expect(result).toMatchObject({ ok: false, statusCode: 302 });
      expect(result.error).toMatch(/Redirects are not followed/);
      expect(redirecting.received).toHaveLength(1);
      expect(target.received).toHaveLength(0);
    } finally {
      await target.close();
      await redirecting.close();
    }
  });

  it('connects to the checked address: a host name is resolved once and pinned', async () => {
    const receiver = await startReceiver();
    try {
      const url = `http://localhost:${receiver.port}/hook`;
      const result = await postToTarget({ url, body: '{"a":1}', headers: {}, allowPrivate: true });
      expect(result).toMatchObject({ ok: true, statusCode: 200 });
      expect(receiver.received[0]!.headers.host).toBe(`localhost:${receiver.port}`);
    } finally {
      await receiver.close();
    }
  });
});
