import type { AddressInfo } from "node:net";
import PostalMime, { type Email } from "postal-mime";
import { SMTPServer } from "smtp-server";

export type ReceivedMessage = { from: string; to: string[]; raw: Buffer };

export type SmtpSink = {
  /** smtp://127.0.0.1:<port> for SMTP_URL / config.smtpUrl. */
  url: string;
  received: ReceivedMessage[];
  /** Messages whose envelope recipients include the address (case-insensitive). */
  to(address: string): ReceivedMessage[];
  /** Resolves when at least `count` messages have arrived (or rejects after timeoutMs). */
  waitForCount(count: number, timeoutMs?: number): Promise<void>;
  /** Makes the next `count` messages fail with a 451 temporary error (to test retries). */
  failNext(count: number): void;
  close(): Promise<void>;
};

/** A real SMTP server in-process (the smtp-server package): tests see exactly what a provider would receive. */
export async function startSmtpSink(options: { keepRaw?: boolean; port?: number } = {}): Promise<SmtpSink> {
  const received: ReceivedMessage[] = [];
  let failures = 0;
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    hideSTARTTLS: true,
    disableReverseLookup: true,
    logger: false,
    // Clients keep pooled connections open (as the app's transports do): closing the sink ends
    // them at once instead of after smtp-server's 30-second grace period.
    closeTimeout: 50,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => {
        if (options.keepRaw !== false) chunks.push(chunk);
      });
      stream.on("end", () => {
        if (failures > 0) {
          failures -= 1;
          const error = new Error("Temporary failure, try again later") as Error & { responseCode: number };
          error.responseCode = 451;
          callback(error);
          return;
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks),
        });
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  // A client killed mid-message (fault tests) resets its connection; that is not the sink's failure.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    to: (address) => received.filter((m) => m.to.some((to) => to.toLowerCase() === address.toLowerCase())),
    failNext(count) {
      failures = count;
    },
    waitForCount(count, timeoutMs = 20_000) {
      if (received.length >= count) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out waiting for ${count} messages (got ${received.length})`));
        }, timeoutMs);
        const check = () => {
          if (received.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Parses a received message (headers, text and HTML parts). */
export function parseMessage(message: ReceivedMessage): Promise<Email> {
  return PostalMime.parse(message.raw);
}

/** A header's value from a parsed message (case-insensitive name). */
export function headerOf(email: Email, name: string): string | undefined {
  return email.headers.find((h) => h.key.toLowerCase() === name.toLowerCase())?.value;
}
