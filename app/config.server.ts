import crypto from "node:crypto";
import fs from "node:fs";
import { isIP } from "node:net";
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { isPostgresUrl, sqliteFilenameFromUrl } from "~db/url";

/**
 * The configuration, read and validated once from the environment. A bad value stops
 * the process with a message naming the variable and what is wrong with it.
 */
const booleanFlag = (fallback: boolean) =>
  z
    .enum(["0", "1", "true", "false", "yes", "no", "on", "off", ""], {
      error: "must be one of 0, 1, true, false",
    })
    .optional()
    .transform((v) => (v === undefined || v === "" ? fallback : ["1", "true", "yes", "on"].includes(v)));

/**
 * How many reverse proxies stand in front of the app. Each appends the address it received
 * from to `X-Forwarded-For`, so only the last `hops` entries were written by someone we
 * trust; the client writes the rest. `1`/`true` means one proxy, `0`/`false` none.
 */
const proxyHops = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const value = (v ?? "").trim().toLowerCase();
    if (["", "0", "false", "no", "off"].includes(value)) return 0;
    if (["true", "yes", "on"].includes(value)) return 1;
    if (/^\d{1,2}$/.test(value) && Number(value) <= 10) return Number(value);
    ctx.addIssue({ code: "custom", message: "must be 0 (no proxy), 1 (one reverse proxy) or the number of proxy hops (up to 10)" });
    return z.NEVER;
  });

const hostWithOptionalPort = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*(?::\d{1,5})?$/;

/** `ip:port` entries, comma-separated (`127.0.0.1:5353,[::1]:53`): the DNS servers custom domains are checked with. */
const dnsServers = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const entries = (v ?? "")
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    const bad = entries.find((entry) => {
      const match = /^(?:\[([0-9a-f:.]+)\]|(\d{1,3}(?:\.\d{1,3}){3}))(?::(\d{1,5}))?$/i.exec(entry);
      const address = match?.[1] ?? match?.[2];
      return !address || isIP(address) === 0 || (match?.[3] !== undefined && (Number(match[3]) < 1 || Number(match[3]) > 65535));
    });
    if (bad !== undefined) {
      ctx.addIssue({ code: "custom", message: `"${bad}" is not ip:port (e.g. 127.0.0.1:53 or [::1]:53)` });
      return z.NEVER;
    }
    return entries;
  });

/** Comma-separated IPv4/IPv6 addresses (the nodes' public addresses, for a custom domain's A/AAAA records). */
const ipList = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const entries = (v ?? "")
      .split(",")
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean);
    const bad = entries.find((entry) => isIP(entry) === 0);
    if (bad !== undefined) {
      ctx.addIssue({ code: "custom", message: `"${bad}" is not an IPv4 or IPv6 address` });
      return z.NEVER;
    }
    return entries;
  });

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce
      .number({ error: "must be a port number" })
      .int("must be a whole number")
      .min(1, "must be between 1 and 65535")
      .max(65535, "must be between 1 and 65535")
      .default(3000),
    HOST: z.string().default("0.0.0.0"),
    DATABASE_URL: z
      .string()
      .default("file:./data/app.db")
      .refine((v) => isPostgresUrl(v) || sqliteFilenameFromUrl(v) !== null, "must be file:<path> (SQLite) or postgres://... (PostgreSQL)"),
    ROOT_DOMAIN: z
      .string()
      .default("localhost:3000")
      .transform((v) => v.trim().toLowerCase())
      .refine((v) => hostWithOptionalPort.test(v), "must be a host name with an optional port, e.g. example.com or localhost:3000"),
    // Custom domains (issue 30): where a seller points their domain, and the DNS servers that check it.
    CUSTOM_DOMAIN_TARGET: z
      .string()
      .optional()
      .transform((v) => v?.trim().toLowerCase().replace(/\.$/, "") || undefined)
      .refine((v) => v === undefined || (hostWithOptionalPort.test(v) && !v.includes(":")), "must be a host name, e.g. shops.example.com"),
    CUSTOM_DOMAIN_IPS: ipList,
    DNS_SERVERS: dnsServers,
    PUBLIC_SCHEME: z.enum(["http", "https"], { error: "must be http or https" }).default("http"),
    SEED_DEMO: booleanFlag(true),
    TRUST_PROXY: proxyHops,
    SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    UPLOAD_DIR: z.string().min(1).default("./data/uploads"),
    SMTP_URL: z
      .string()
      .optional()
      .refine((v) => !v || /^smtps?:\/\/.+/.test(v), "must look like smtp://user:pass@host:587 or smtps://..."),
    MAIL_FROM: z.string().default("Live Shop <no-reply@localhost>"),
    SUPPORT_EMAIL: z.email("must be an email address").default("support@example.com"),
    PAYMENT_PROVIDER: z.enum(["stripe", "simulated"], { error: "must be stripe or simulated" }).optional(),
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    // Worker processes of one node, each a full server on the same port (node:cluster).
    // Default: one per core, so a node uses the machine it is given (docs/performance.md).
    WEB_CONCURRENCY: z.coerce
      .number({ error: "must be a number of processes" })
      .int("must be a whole number")
      .min(1, "must be between 1 and 64")
      .max(64, "must be between 1 and 64")
      .optional(),
    // PostgreSQL connections per worker process (read by db/client.ts; checked here so that a
    // typo stops the node at start instead of silently meaning the default).
    DATABASE_POOL_SIZE: z.coerce
      .number({ error: "must be a number of connections" })
      .int("must be a whole number")
      .min(1, "must be between 1 and 100")
      .max(100, "must be between 1 and 100")
      .optional(),
    // Live updates (Server-Sent Events) one node holds at once, and per client address
    // (docs/lives.md): a household's screens fit, one client holding hundreds does not.
    MAX_EVENT_STREAMS: z.coerce
      .number({ error: "must be a number of streams" })
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .default(5000),
    EVENT_STREAMS_PER_ADDRESS: z.coerce
      .number({ error: "must be a number of streams" })
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .default(20),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
        error: "must be one of fatal, error, warn, info, debug, trace, silent",
      })
      .default("info"),
    // Where the readers of the lives' Twitch chats connect (tests: a local chat server);
    // "off": this node reads no chat.
    TWITCH_CHAT_URL: z
      .string()
      .trim()
      .default("wss://irc-ws.chat.twitch.tv:443")
      .refine((v) => v === "off" || /^wss?:\/\/[^\s/]+/.test(v), "must be a WebSocket URL (wss://...) or off"),
    // Tests point the Stripe SDK at a local server that answers like the Stripe API.
    STRIPE_API_URL: z.url({ error: "must be a URL such as http://127.0.0.1:12111" }).optional(),
  })
  .transform((env, ctx) => {
    const paymentProvider = env.PAYMENT_PROVIDER ?? (env.STRIPE_SECRET_KEY ? "stripe" : "simulated");
    // On PostgreSQL several nodes serve one site: a secret made by one of them would sign
    // cookies the others refuse.
    if (isPostgresUrl(env.DATABASE_URL) && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message: "is required when DATABASE_URL is PostgreSQL (the same on every node)",
      });
    }
    if (paymentProvider === "stripe") {
      for (const key of ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET"] as const) {
        if (!env[key]) ctx.addIssue({ code: "custom", path: [key], message: "is required when PAYMENT_PROVIDER is stripe" });
      }
    }
    // The CNAME a custom domain points to: by default a name under the platform's own domain.
    const customDomainTarget = env.CUSTOM_DOMAIN_TARGET ?? `shops.${env.ROOT_DOMAIN.replace(/:\d+$/, "")}`;
    return { ...env, paymentProvider, customDomainTarget };
  });

export type Config = z.output<typeof envSchema> & { sessionSecret: string };

export class ConfigError extends Error {}

export function parseConfig(env: NodeJS.ProcessEnv): z.output<typeof envSchema> {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}

/**
 * Without SESSION_SECRET, a random secret is created once next to the database so that
 * signed cookies survive restarts. Several processes must share an explicit secret.
 */
function resolveSessionSecret(env: z.output<typeof envSchema>): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  const filename = sqliteFilenameFromUrl(env.DATABASE_URL);
  if (!filename || filename === ":memory:") return crypto.randomBytes(32).toString("hex");
  const secretFile = path.join(path.dirname(path.resolve(filename)), ".session-secret");
  try {
    return fs.readFileSync(secretFile, "utf8").trim();
  } catch {
    const secret = crypto.randomBytes(32).toString("hex");
    fs.mkdirSync(path.dirname(secretFile), { recursive: true });
    fs.writeFileSync(secretFile, secret, { mode: 0o600 });
    return secret;
  }
}

let loaded: Config | undefined;
export function getConfig(): Config {
  if (!loaded) {
    const env = parseConfig(process.env);
    loaded = { ...env, sessionSecret: resolveSessionSecret(env) };
  }
  return loaded;
}

/**
 * How many worker processes `server.js` runs: WEB_CONCURRENCY, else one per core in
 * production (one in development). An in-memory SQLite database cannot be shared, so it
 * keeps one process.
 */
export function workerProcesses(config: Pick<Config, "DATABASE_URL" | "NODE_ENV" | "WEB_CONCURRENCY"> = getConfig()): number {
  if (sqliteFilenameFromUrl(config.DATABASE_URL) === ":memory:") return 1;
  return config.WEB_CONCURRENCY ?? (config.NODE_ENV === "production" ? os.availableParallelism() : 1);
}

/**
 * Absolute links (mails, canonical and share links, QR codes, redirects, the API's URLs) are
 * built from the configuration and the database only, never from a request's Host, which the
 * client writes: the main site here, a shop with `shopBaseUrl`.
 */
export function mainSiteUrl(config: Config = getConfig()): string {
  return `${config.PUBLIC_SCHEME}://${config.ROOT_DOMAIN}`;
}

/** What a shop's public address is made of: its subdomain, and its verified primary domain if it has one. */
export type ShopAddress = { subdomain: string; primaryDomain: string | null };

/**
 * A shop's public base URL, the one function that builds it: its verified primary domain when
 * it has one (issue 30), else its subdomain of `ROOT_DOMAIN`. A custom domain gets the port
 * `ROOT_DOMAIN` carries (none in production; development and tests run on a port).
 */
export function shopBaseUrl(shop: ShopAddress, config: Config = getConfig()): string {
  const port = /:\d+$/.exec(config.ROOT_DOMAIN)?.[0] ?? "";
  if (shop.primaryDomain) return `${config.PUBLIC_SCHEME}://${shop.primaryDomain}${port}`;
  return `${config.PUBLIC_SCHEME}://${shop.subdomain}.${config.ROOT_DOMAIN}`;
}
