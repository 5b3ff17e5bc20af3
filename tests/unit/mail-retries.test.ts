import { asc, eq, isNotNull } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliverPendingMail } from "~/domain/mail/mailer.server";
import { getDatabase } from "~db/client";
import { mailOutbox } from "~db/schema";

// A local SMTP server on a free port: SMTP_URL is set before the app first reads its configuration.
const received: string[] = [];
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  onData(stream, session, callback) {
    stream.resume();
    stream.on("end", () => {
      received.push(session.envelope.rcptTo.map((r) => r.address).join(","));
      callback();
    });
  },
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  process.env.SMTP_URL = `smtp://127.0.0.1:${address.port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("retrying the mails still waiting", () => {
  it("takes the oldest first, whatever order the database keeps them in", async () => {
    const db = getDatabase();
    const waiting = Array.from({ length: 21 }, (_, i) => ({
      to: `shopper${i}@example.com`,
      subject: "Your order",
      text: "Thanks",
      html: "<p>Thanks</p>",
      template: "order_paid",
      transport: "smtp" as const,
    }));
    const ids = (await db.insert(mailOutbox).values(waiting).returning({ id: mailOutbox.id })).map((row) => row.id);
    // The oldest failed once: on PostgreSQL its updated row is now stored after the others.
    await db
      .update(mailOutbox)
      .set({ attempts: 1, error: "Connection refused" })
      .where(eq(mailOutbox.id, Math.min(...ids)));

    await deliverPendingMail();

    const sent = await db.select({ id: mailOutbox.id }).from(mailOutbox).where(isNotNull(mailOutbox.sentAt)).orderBy(asc(mailOutbox.id));
    expect(sent.map((row) => row.id)).toEqual([...ids].sort((a, b) => a - b).slice(0, 20));
    expect(received).toContain("shopper0@example.com");
  });
});
