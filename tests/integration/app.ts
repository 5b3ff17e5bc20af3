import { existsSync } from "node:fs";
import Database from "better-sqlite3";
import path from "node:path";
import postgres from "postgres";
import { pathToFileURL } from "node:url";
import { SESSION_ABSOLUTE_MS } from "../../app/domain/accounts/sessions.server";
import { hashToken, randomToken } from "../../app/domain/accounts/tokens.server";

/**
 * The built server bundle (`npm run build`), prepared once per test file: migrations and
 * demo data applied to the file's own database.
 */
type ServerBuild = {
  prepare(): Promise<unknown>;
  handleRequest(request: Request, clientAddress?: string): Promise<Response>;
  createLogger(level: "info", destination: { write: (line: string) => void }): unknown;
  setLogger(logger: unknown): void;
  /** The node's warm-up before it says it is ready (server/warm-up.ts), and that readiness. */
  warmUpNode(options?: { handle?: (request: Request) => Promise<Response>; limitMs?: number }): Promise<void>;
  readiness(): Promise<{ ready: true } | { ready: false; reason: string }>;
  /** The page views and live visits this process counted, written now. */
  flushShopViews(): Promise<void>;
  flushLiveVisits(): Promise<void>;
};

let app: Promise<ServerBuild> | undefined;
export function loadApp(): Promise<ServerBuild> {
  app ??= (async () => {
    const entry = path.resolve("build/server/index.js");
    if (!existsSync(entry)) throw new Error("Run `npm run build` before the integration tests.");
    const mod = (await import(pathToFileURL(entry).href)) as ServerBuild;
    await mod.prepare();
    return mod;
  })();
  return app;
}

/** A line of the app's log (pino's JSON). */
export type LogLine = Record<string, unknown> & { level: string; msg: string };

/** Captures the app's log from `info` up until `stop()` (the suite's log is silent otherwise). */
export async function captureAppLog(): Promise<{ lines: LogLine[]; stop: () => void }> {
  const app = await loadApp();
  const lines: LogLine[] = [];
  app.setLogger(app.createLogger("info", { write: (line) => void lines.push(JSON.parse(line) as LogLine) }));
  return { lines, stop: () => app.setLogger(undefined) };
}

type RequestOptions = {
  method?: string;
  headers?: Record<string, string>;
  json?: unknown;
  body?: BodyInit;
  form?: Record<string, string>;
  clientAddress?: string;
  /** Send the CSRF token of the jar (default for unsafe methods). */
  csrf?: boolean;
  /** The `Origin` of an unsafe request: this client's own by default; null sends none. */
  origin?: string | null;
};

/**
 * A browser-like client for one host: keeps cookies, sends the CSRF token on unsafe
 * requests (header for the API, form field for screens), does not follow redirects.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();
  constructor(readonly host = "localhost:3000") {}

  get origin() {
    return `http://${this.host}`;
  }

  async request(pathname: string, options: RequestOptions = {}): Promise<Response> {
    const { handleRequest } = await loadApp();
    const method = options.method ?? (options.json !== undefined || options.form ? "POST" : "GET");
    const headers = new Headers(options.headers);
    const unsafe = !["GET", "HEAD", "OPTIONS"].includes(method);
    if (unsafe && options.csrf !== false && !this.cookies.has("csrftoken")) await this.request("/api/v1/shop/categories/");
    if (this.cookies.size > 0 && !headers.has("Cookie")) {
      headers.set("Cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    }
    let body = options.body;
    if (options.json !== undefined) {
      headers.set("Content-Type", "application/json");
      body = JSON.stringify(options.json);
    }
    if (options.form) {
      const form = new URLSearchParams(options.form);
      if (unsafe && options.csrf !== false) form.set("csrf", this.cookies.get("csrftoken") ?? "");
      headers.set("Content-Type", "application/x-www-form-urlencoded");
      body = form.toString();
    }
    if (unsafe && options.csrf !== false && pathname.startsWith("/api/") && !headers.has("X-CSRFToken")) {
      headers.set("X-CSRFToken", this.cookies.get("csrftoken") ?? "");
    }
    const origin = options.origin === undefined ? this.origin : options.origin;
    if (unsafe && origin !== null && !headers.has("Origin")) headers.set("Origin", origin);
    const response = await handleRequest(new Request(`${this.origin}${pathname}`, { method, headers, body }), options.clientAddress);
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(cookie) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /**
   * Signs this client in as the user with this email as a login leaves them (a session in
   * the file's database and its `sid` cookie holding the raw token; a session it had ends),
   * without the password check: for tests whose subject is what a signed-in user does next.
   * A real login costs a scrypt hash (hundreds of milliseconds of CPU). The login itself is
   * tested through its endpoint and form in accounts-api.test.ts and accounts-screens.test.ts
   * (credentials, limits, CSRF, the session cookie and its rotation, redirects), and on a
   * shop in shopper-access.test.ts.
   */
  async signInAs(email: string): Promise<this> {
    const [user] = await sql<{ id: number }[]>("SELECT id FROM users WHERE email = ?", email);
    if (!user) throw new Error(`no user ${email}`);
    const previous = this.cookies.get("sid");
    if (previous) await sql("DELETE FROM sessions WHERE id = ?", hashToken(previous));
    // The row createSession (app/domain/accounts/sessions.server.ts) writes: its id is the token's SHA-256.
    const token = randomToken();
    const now = Date.now();
    const at = (ms: number) => (onPostgres() ? new Date(ms) : ms);
    await sql(
      "INSERT INTO sessions (id, user_id, created_at, last_seen_at, expires_at, ip_address, user_agent) VALUES (?, ?, ?, ?, ?, ?, ?)",
      hashToken(token),
      user.id,
      at(now),
      at(now),
      at(now + SESSION_ABSOLUTE_MS),
      "127.0.0.1",
      "",
    );
    this.cookies.set("sid", token);
    return this;
  }

  async json<T = Record<string, unknown>>(
    pathname: string,
    options: RequestOptions = {},
  ): Promise<{ status: number; body: T; response: Response }> {
    const response = await this.request(pathname, options);
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T, response };
  }

  async html(pathname: string, options: RequestOptions = {}): Promise<{ status: number; html: string; response: Response }> {
    const response = await this.request(pathname, options);
    return { status: response.status, html: await response.text(), response };
  }
}

/** Whether the test file's database is PostgreSQL (the "integration-pg" project) rather than SQLite. */
export const onPostgres = () => /^postgres(ql)?:/.test(process.env.DATABASE_URL ?? "");

/** SQL for the current time in a timestamp column: epoch milliseconds on SQLite, a timestamptz on PostgreSQL. */
export const sqlNow = () => (onPostgres() ? "now()" : "(unixepoch() * 1000)");

/** SQL for a timestamp column moved on by one millisecond (the way an update moves `updated_at`). */
export const sqlOneMsLater = (column: string) => (onPostgres() ? `${column} + interval '1 millisecond'` : `${column} + 1`);

/** `?` placeholders as PostgreSQL's `$1, $2, ...` (a `?` inside a quoted literal stays). */
function numberedPlaceholders(query: string): string {
  let n = 0;
  return query.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|\?/g, (match) => (match === "?" ? `$${++n}` : match));
}

/**
 * Rows as the tests read them on either engine: counts and sums (PostgreSQL's bigint) as
 * numbers, timestamps as epoch milliseconds, which is how SQLite stores them.
 */
const PG_TYPES = {
  bigint: { to: 20, from: [20], serialize: (value: number) => String(value), parse: (value: string) => Number(value) },
  timestamp: {
    to: 1184,
    from: [1114, 1184],
    serialize: (value: Date) => value.toISOString(),
    parse: (value: string) => new Date(value).getTime(),
  },
};

/**
 * A query on the test file's database (to arrange state or check what the app stored):
 * the rows of a query, or the write's result. Async like every query of the app, so that
 * the tests do not depend on the driver being synchronous. Write `?` placeholders and SQL
 * both engines accept (`true`/`false` for booleans; `sqlNow()` and `sqlOneMsLater()` for
 * timestamps).
 */
export async function sql<T>(query: string, ...params: unknown[]): Promise<T> {
  const url = process.env.DATABASE_URL!;
  if (onPostgres()) {
    const client = postgres(url, { max: 1, onnotice: () => {}, types: PG_TYPES });
    try {
      const result = await client.unsafe(numberedPlaceholders(query), params as postgres.ParameterOrJSON<never>[]);
      return (result.columns?.length ? [...result] : { changes: result.count }) as T;
    } finally {
      await client.end();
    }
  }
  const db = new Database(url.replace(/^file:/, ""));
  try {
    const statement = db.prepare(query);
    return (statement.reader ? statement.all(...params) : statement.run(...params)) as T;
  } finally {
    db.close();
  }
}

/**
 * A shopper's shipping fields as the checkout form and the orders API take them (the API's
 * names). Tests add what their order needs (reference, total_amount, items) and override
 * the name or email they look for.
 */
export const SHIPPING = {
  full_name: "Paul Shopper",
  email: "paul@example.test",
  phone: "0611223344",
  address: "12 rue Victor Hugo",
  city: "Nantes",
  zip_code: "44000",
  country: "France",
} as const;

export function shippingFields<Extra extends Record<string, unknown>>(
  extra: Extra = {} as Extra,
): Omit<typeof SHIPPING, keyof Extra> & Extra {
  return { ...SHIPPING, ...extra };
}
