// A real SMTP peer for the browser tests: the platform sends its e-mail over the wire to it, and the tests read what
// arrived from its small HTTP inbox (both on 127.0.0.1).
import { createServer } from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface InboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: string[];
}

export async function startSmtpInbox(smtpPort: number, httpPort: number) {
  const received: InboxMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          for (const rcpt of session.envelope.rcptTo)
            received.push({
              to: rcpt.address,
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              html: typeof mail.html === 'string' ? mail.html : '',
              attachments: mail.attachments.map((a) => a.filename ?? ''),
            });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
  const http = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(received));
  });
  await new Promise<void>((resolve) => http.listen(httpPort, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${smtpPort}`,
    close: async () => {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
