import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from './global-setup.js';

/**
 * A real SMTP peer on 127.0.0.1: the platform's e-mail goes over the wire through nodemailer and the job
 * queue. `refuseOnce` holds recipients whose first delivery attempt it refuses with a temporary error.
 */
export async function startSmtpPeer() {
  const received: ParsedMail[] = [];
  const refuseOnce = new Set<string>();
  // While held, messages are taken in but not answered (a slow server): the sender's deliveries wait.
  let held: Promise<void> | undefined;
  let release = () => {};
  let waiting = 0;
  const port = await freePort();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refuseOnce.delete(address.address)) {
        return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          waiting++;
          await held;
          waiting--;
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseOnce,
    /** Messages taken in and not yet answered (while held). */
    get waiting() {
      return waiting;
    },
    hold() {
      held = new Promise<void>((r) => (release = r));
    },
    release() {
      held = undefined;
      release();
    },
    /** The first mail to `to` whose subject matches, waiting up to 30 s for it (jobs run beside other tests). */
    async waitFor(to: string, subject: RegExp): Promise<ParsedMail> {
      const until = Date.now() + 30_000;
      for (;;) {
        const hit = received.find(
          (m) => m.to && JSON.stringify(m.to).includes(to) && subject.test(m.subject ?? ''),
        );
        if (hit) return hit;
        if (Date.now() > until) throw new Error(`no mail to ${to} matching ${subject}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
