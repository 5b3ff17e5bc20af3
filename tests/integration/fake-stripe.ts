import http from "node:http";

/**
 * A local HTTP server that answers like the Stripe API for the calls we make, and records
 * every request (path, headers, decoded form body) for the tests to inspect.
 */
export type RecordedRequest = { method: string; path: string; headers: http.IncomingHttpHeaders; body: Record<string, string> };

export type FakeStripe = {
  url: string;
  requests: RecordedRequest[];
  accounts: Map<string, Record<string, unknown>>;
  intents: Map<string, Record<string, unknown>>;
  /** Refunds made, by id (the Refund objects answered). */
  refunds: Map<string, Record<string, unknown>>;
  /** The status the next refunds are answered with ("pending": Stripe settles them later). */
  refundStatus: "succeeded" | "pending";
  close(): Promise<void>;
};

let counter = 0;
const id = (prefix: string) => `${prefix}_fake${++counter}${Math.random().toString(36).slice(2, 8)}`;

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  const accounts = new Map<string, Record<string, unknown>>();
  const intents = new Map<string, Record<string, unknown>>();
  const refunds = new Map<string, Record<string, unknown>>();
  const byIdempotencyKey = new Map<string, unknown>();
  const settings: Pick<FakeStripe, "refundStatus"> = { refundStatus: "succeeded" };

  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      const body = Object.fromEntries(new URLSearchParams(raw));
      const url = new URL(req.url ?? "/", "http://fake");
      requests.push({ method: req.method ?? "GET", path: url.pathname, headers: req.headers, body });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { "Content-Type": "application/json", "Request-Id": id("req") });
        res.end(JSON.stringify(payload));
      };
      const key = req.headers["idempotency-key"];
      if (typeof key === "string" && byIdempotencyKey.has(key)) return send(200, byIdempotencyKey.get(key));
      const remember = (payload: unknown) => {
        if (typeof key === "string") byIdempotencyKey.set(key, payload);
        return payload;
      };

      const match = (pattern: RegExp) => pattern.exec(url.pathname);
      let m: RegExpExecArray | null;
      if (req.method === "POST" && url.pathname === "/v1/accounts") {
        const account = {
          id: id("acct"),
          object: "account",
          email: body.email,
          charges_enabled: false,
          payouts_enabled: false,
          details_submitted: false,
          requirements: { currently_due: ["external_account"] },
        };
        accounts.set(account.id, account);
        return send(200, remember(account));
      }
      if (req.method === "GET" && (m = match(/^\/v1\/accounts\/([\w]+)$/))) {
        const account = accounts.get(m[1]!);
        return account
          ? send(200, account)
          : send(404, { error: { type: "invalid_request_error", message: `No such account: '${m[1]}'` } });
      }
      if (req.method === "POST" && url.pathname === "/v1/account_links") {
        return send(200, { object: "account_link", url: `https://connect.stripe.test/setup/${body.account}`, expires_at: 0, created: 0 });
      }
      if (req.method === "POST" && url.pathname === "/v1/payment_intents") {
        const intent = {
          id: id("pi"),
          object: "payment_intent",
          amount: Number(body.amount),
          currency: body.currency,
          application_fee_amount: Number(body.application_fee_amount),
          status: "requires_payment_method",
          client_secret: `${id("pi")}_secret_x`,
          last_payment_error: null,
          metadata: {},
        };
        intents.set(intent.id, intent);
        return send(200, remember(intent));
      }
      if (req.method === "GET" && (m = match(/^\/v1\/payment_intents\/([\w]+)$/))) {
        const intent = intents.get(m[1]!);
        return intent ? send(200, intent) : send(404, { error: { type: "invalid_request_error", message: "No such payment_intent" } });
      }
      if (req.method === "POST" && (m = match(/^\/v1\/payment_intents\/([\w]+)\/cancel$/))) {
        const intent = intents.get(m[1]!);
        if (!intent) return send(404, { error: { type: "invalid_request_error", message: "No such payment_intent" } });
        intent.status = "canceled";
        return send(200, intent);
      }
      if (req.method === "POST" && url.pathname === "/v1/refunds") {
        const metadata = Object.fromEntries(
          Object.entries(body)
            .filter(([name]) => name.startsWith("metadata["))
            .map(([name, value]) => [name.slice("metadata[".length, -1), value]),
        );
        const refund = {
          id: id("re"),
          object: "refund",
          amount: Number(body.amount),
          currency: "eur",
          status: settings.refundStatus,
          payment_intent: body.payment_intent,
          metadata,
        };
        refunds.set(refund.id, refund);
        return send(200, remember(refund));
      }
      send(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${url.pathname})` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    accounts,
    intents,
    refunds,
    get refundStatus() {
      return settings.refundStatus;
    },
    set refundStatus(status) {
      settings.refundStatus = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
