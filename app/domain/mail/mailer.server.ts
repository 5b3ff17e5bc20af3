import { and, asc, eq, isNull, lt, or } from "drizzle-orm";
import type { Transporter } from "nodemailer";
import { getConfig } from "~/config.server";
import { getDatabase, writeTransaction, type Transaction } from "~db/client";
import { mailOutbox } from "~db/schema";
import type { RenderedMail } from "./templates.server";

/**
 * Every mail is a row of the outbox first. Without SMTP_URL that is where it stays (and
 * the log shows it); with SMTP_URL it is delivered in the background and retried.
 */
const MAX_ATTEMPTS = 5;
const CLAIM_TIMEOUT_MS = 5 * 60 * 1000;

let transporter: Transporter | undefined;
/** Loaded with the first mail sent: a node without SMTP_URL never holds nodemailer. */
async function smtpTransport(url: string): Promise<Transporter> {
  // Timeouts keep a dead SMTP server from holding deliveries for minutes.
  const options = new URL(url);
  options.searchParams.set("connectionTimeout", "10000");
  options.searchParams.set("greetingTimeout", "10000");
  options.searchParams.set("socketTimeout", "20000");
  const { default: nodemailer } = await import("nodemailer");
  transporter ??= nodemailer.createTransport(options.toString());
  return transporter;
}

const inFlight = new Set<Promise<void>>();
/** Waits for the deliveries started by this process (a CLI command before it exits). */
export async function flushMail(): Promise<void> {
  await Promise.allSettled([...inFlight]);
}

export type OutgoingMail = RenderedMail & { to: string; template: string; dedupeKey?: string };

/** The outbox row of a mail: kept for SMTP delivery, or stored as sent when there is no SMTP server. */
export function outboxRow(mail: OutgoingMail, now = new Date()) {
  const smtp = Boolean(getConfig().SMTP_URL);
  return {
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    template: mail.template,
    dedupeKey: mail.dedupeKey ?? null,
    transport: smtp ? ("smtp" as const) : ("outbox" as const),
    sentAt: smtp ? null : now,
    createdAt: now,
  };
}

/** Queues a mail; returns false when a mail with the same dedupe key already exists. */
export async function sendMail(mail: OutgoingMail): Promise<boolean> {
  // A transaction of its own (or the caller's): SQLite commits it with the others queued
  // meanwhile (group commit), rather than one disk sync per mail.
  const id = await writeTransaction((tx) => insertMail(tx, mail));
  if (id === null) return false;
  mailQueued(id, mail);
  return true;
}

/**
 * A mail's outbox row, written in the caller's transaction (several mails in one): its id,
 * or null when a mail with the same dedupe key already exists. Once committed, the caller
 * hands each id to `mailQueued`.
 */
export async function insertMail(tx: Transaction, mail: OutgoingMail): Promise<number | null> {
  const [inserted] = await tx
    .insert(mailOutbox)
    .values(outboxRow(mail))
    .onConflictDoNothing({ target: mailOutbox.dedupeKey })
    .returning({ id: mailOutbox.id });
  return inserted?.id ?? null;
}

/**
 * What follows a mail's row once it is committed: its SMTP delivery in the background, or
 * the log line that shows it without SMTP. Both start after the caller's own work (the next
 * turn of the event loop): a request that queued a mail answers as fast as one that did not.
 */
export function mailQueued(id: number, mail: Pick<OutgoingMail, "to" | "subject" | "text">): void {
  const config = getConfig();
  if (config.SMTP_URL) {
    // A failed delivery is recorded on the row and retried by deliverPendingMail. flushMail waits for these.
    const delivery = new Promise((resolve) => setImmediate(resolve))
      .then(() => deliverMail(id))
      .catch((error: unknown) => console.error(`[mail] delivery of #${id} failed`, error))
      .finally(() => inFlight.delete(delivery));
    inFlight.add(delivery);
  } else if (config.NODE_ENV !== "test") {
    setImmediate(() => console.log(`[mail] to=${mail.to} subject="${mail.subject}"\n${mail.text}\n`));
  }
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
    await (
      await smtpTransport(config.SMTP_URL)
    ).sendMail({
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
    // Oldest first: without an order PostgreSQL returns rows as stored, which updates reshuffle.
    .orderBy(asc(mailOutbox.id))
    .limit(20);
  for (const { id } of pending) await deliverMail(id);
}
