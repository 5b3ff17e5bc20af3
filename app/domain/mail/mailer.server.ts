import { and, eq, isNull, lt, or } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import { getConfig } from "~/config.server";
import { getDatabase, writeTransaction } from "~db/client";
import { mailOutbox } from "~db/schema";
import type { RenderedMail } from "./templates.server";

/**
 * Every mail is a row of the outbox first. Without SMTP_URL that is where it stays (and
 * the log shows it); with SMTP_URL it is delivered in the background and retried.
 */
const MAX_ATTEMPTS = 5;
const CLAIM_TIMEOUT_MS = 5 * 60 * 1000;

let transporter: Transporter | undefined;
function smtpTransport(url: string): Transporter {
  // Timeouts keep a dead SMTP server from holding deliveries for minutes.
  const options = new URL(url);
  options.searchParams.set("connectionTimeout", "10000");
  options.searchParams.set("greetingTimeout", "10000");
  options.searchParams.set("socketTimeout", "20000");
  transporter ??= nodemailer.createTransport(options.toString());
  return transporter;
}

const inFlight = new Set<Promise<void>>();
/** Waits for the deliveries started by this process (a CLI command before it exits). */
export async function flushMail(): Promise<void> {
  await Promise.allSettled([...inFlight]);
}

export type OutgoingMail = RenderedMail & { to: string; template: string; dedupeKey?: string };

/** Queues a mail; returns false when a mail with the same dedupe key already exists. */
export async function sendMail(mail: OutgoingMail): Promise<boolean> {
  const config = getConfig();
  const smtp = Boolean(config.SMTP_URL);
  // A transaction of its own (or the caller's): SQLite commits it with the others queued
  // meanwhile (group commit), rather than one disk sync per mail.
  const [inserted] = await writeTransaction((tx) =>
    tx
      .insert(mailOutbox)
      .values({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        template: mail.template,
        dedupeKey: mail.dedupeKey ?? null,
        transport: smtp ? "smtp" : "outbox",
        sentAt: smtp ? null : new Date(),
      })
      .onConflictDoNothing({ target: mailOutbox.dedupeKey })
      .returning({ id: mailOutbox.id }),
  );
  if (!inserted) return false;
  if (smtp) {
    // Delivered in the background: the row is queued, and a failed delivery is recorded on
    // it and retried by deliverPendingMail. flushMail waits for these.
    const delivery = deliverMail(inserted.id)
      .catch((error: unknown) => console.error(`[mail] delivery of #${inserted.id} failed`, error))
      .finally(() => inFlight.delete(delivery));
    inFlight.add(delivery);
  } else if (config.NODE_ENV !== "test") console.log(`[mail] to=${mail.to} subject="${mail.subject}"\n${mail.text}\n`);
  return true;
}

/** Sends one queued mail over SMTP unless another sender claimed it first. */
export async function deliverMail(id: number): Promise<void> {
  const config = getConfig();
  if (!config.SMTP_URL) return;
  const db = getDatabase();
  const now = new Date();
  const [claimed] = await db
    .update(mailOutbox)
    .set({ claimedAt: now })
    .where(
      and(
        eq(mailOutbox.id, id),
        isNull(mailOutbox.sentAt),
        lt(mailOutbox.attempts, MAX_ATTEMPTS),
        or(isNull(mailOutbox.claimedAt), lt(mailOutbox.claimedAt, new Date(now.getTime() - CLAIM_TIMEOUT_MS))),
      ),
    )
    .returning();
  if (!claimed) return;
  try {
    await smtpTransport(config.SMTP_URL).sendMail({
      from: config.MAIL_FROM,
      to: claimed.to,
      subject: claimed.subject,
      text: claimed.text,
      html: claimed.html,
    });
    await db
      .update(mailOutbox)
      .set({ sentAt: new Date(), claimedAt: null, error: "", attempts: claimed.attempts + 1 })
      .where(eq(mailOutbox.id, id));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`[mail] delivery of #${id} to ${claimed.to} failed: ${message}`);
    await db
      .update(mailOutbox)
      .set({ claimedAt: null, error: message.slice(0, 500), attempts: claimed.attempts + 1 })
      .where(eq(mailOutbox.id, id));
  }
}

/** Retries what is still waiting (called periodically by the server). */
export async function deliverPendingMail(): Promise<void> {
  if (!getConfig().SMTP_URL) return;
  const pending = await getDatabase()
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), eq(mailOutbox.transport, "smtp"), lt(mailOutbox.attempts, MAX_ATTEMPTS)))
    .limit(20);
  for (const { id } of pending) await deliverMail(id);
}
