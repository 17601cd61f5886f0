// @ts-check
// A local SMTP server for the bench: on PGlite the bench cannot reach the database from outside
// the server, so the owner proves the address the way a person does, through the mailed link.
import { SMTPServer } from 'smtp-server';

export async function startMailbox() {
  /** @type {{ to: string[], raw: string }[]} */
  const mails = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      /** @type {Buffer[]} */
      const chunks = [];
      stream.on('data', (c) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks)
          .toString('utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(Number.parseInt(h, 16)));
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  // A sender killed mid-conversation (the operations checks SIGKILL instances) resets its
  // connection; that ends the conversation, not the mailbox.
  server.on('error', () => {});
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.server.address());
  return {
    url: `smtp://127.0.0.1:${port}`,
    /** Every mail received: its recipients and its decoded source. */
    mails,
    /**
     * The token of the newest verification link mailed to `to`, waiting up to 15 s.
     * @param {string} to
     */
    async verificationToken(to) {
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline) {
        for (const mail of mails) {
          const match = mail.to.includes(to) && /verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail.raw);
          if (match) return match[1];
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no verification mail to ${to} within 15 s`);
    },
    /** @returns {Promise<void>} */
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
