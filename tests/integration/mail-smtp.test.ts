import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { TestClient } from "./app";

// A real SMTP server on a free port: SMTP_URL is set before the app loads its configuration.
const received: { to: string; subject: string; text: string }[] = [];
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((mail) => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(","), subject: mail.subject ?? "", text: mail.text ?? "" });
        callback();
      })
      .catch(callback);
  },
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  process.env.SMTP_URL = `smtp://127.0.0.1:${address.port}`;
  process.env.MAIL_FROM = "LiveCart <no-reply@livecart.test>";
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("mail over SMTP", () => {
  it("delivers the translated verification mail with a working link", async () => {
    const client = new TestClient();
    const { status } = await client.json("/api/v1/auth/resend-verification/", { json: { email: "pending@example.com" } });
    expect(status).toBe(200);
    // Delivery is asynchronous: wait until the SMTP server has it.
    const mail = await vi.waitFor(
      () => {
        const found = received.find((m) => m.to === "pending@example.com");
        if (!found) throw new Error("no mail received yet");
        return found;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(mail.subject).toBe("Confirm your email address");
    const link = /http:\/\/localhost:3000\/verify-email\/([\w-]+)/.exec(mail.text);
    expect(link).not.toBeNull();
    const verified = await client.json(`/api/v1/auth/verify-email/${link![1]}/`);
    expect(verified.body).toEqual({ verified: true, message: "Email verified successfully!" });
  });
});
