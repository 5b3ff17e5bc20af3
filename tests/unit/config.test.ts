import { describe, expect, it } from "vitest";
import os from "node:os";
import { ConfigError, parseConfig, shopBaseUrl, workerProcesses, type Config } from "~/config.server";

describe("configuration", () => {
  it("has embedded defaults", () => {
    const config = parseConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBe("file:./data/app.db");
    expect(config.ROOT_DOMAIN).toBe("localhost:3000");
    expect(config.SEED_DEMO).toBe(true);
    expect(config.paymentProvider).toBe("simulated");
  });

  it("names the variable and the problem for a bad value", () => {
    expect(() => parseConfig({ PORT: "eighty" })).toThrowError(ConfigError);
    expect(() => parseConfig({ PORT: "eighty" })).toThrowError(/PORT: must be a port number/);
    expect(() => parseConfig({ PORT: "70000" })).toThrowError(/PORT: must be between 1 and 65535/);
    expect(() => parseConfig({ ROOT_DOMAIN: "http://bad domain" })).toThrowError(/ROOT_DOMAIN/);
    expect(() => parseConfig({ DATABASE_URL: "postgres://x" })).toThrowError(/DATABASE_URL/);
    expect(() => parseConfig({ SEED_DEMO: "maybe" })).toThrowError(/SEED_DEMO/);
  });

  it("reads SEED_DEMO=0 and picks Stripe when a secret key is set", () => {
    expect(parseConfig({ SEED_DEMO: "0" }).SEED_DEMO).toBe(false);
    const stripe = parseConfig({ STRIPE_SECRET_KEY: "sk_test_1", STRIPE_PUBLISHABLE_KEY: "pk_test_1", STRIPE_WEBHOOK_SECRET: "whsec_1" });
    expect(stripe.paymentProvider).toBe("stripe");
    expect(() => parseConfig({ PAYMENT_PROVIDER: "stripe" })).toThrowError(/STRIPE_SECRET_KEY: is required/);
  });

  it("runs one worker process per core in production unless WEB_CONCURRENCY says otherwise", () => {
    expect(workerProcesses(parseConfig({ NODE_ENV: "production" }))).toBe(os.availableParallelism());
    expect(workerProcesses(parseConfig({ NODE_ENV: "production", WEB_CONCURRENCY: "3" }))).toBe(3);
    expect(workerProcesses(parseConfig({ NODE_ENV: "development" }))).toBe(1);
    // An in-memory database lives in one process: it cannot be shared.
    expect(workerProcesses(parseConfig({ NODE_ENV: "production", DATABASE_URL: "file::memory:", WEB_CONCURRENCY: "4" }))).toBe(1);
    expect(() => parseConfig({ WEB_CONCURRENCY: "0" })).toThrowError(/WEB_CONCURRENCY: must be between 1 and 64/);
    expect(() => parseConfig({ WEB_CONCURRENCY: "many" })).toThrowError(/WEB_CONCURRENCY: must be a number of processes/);
  });

  it("refuses a PostgreSQL pool size that is not a whole number from 1 to 100", () => {
    expect(parseConfig({ DATABASE_POOL_SIZE: "8" }).DATABASE_POOL_SIZE).toBe(8);
    expect(parseConfig({}).DATABASE_POOL_SIZE).toBeUndefined();
    expect(() => parseConfig({ DATABASE_POOL_SIZE: "four" })).toThrowError(/DATABASE_POOL_SIZE: must be a number of connections/);
    expect(() => parseConfig({ DATABASE_POOL_SIZE: "0" })).toThrowError(/DATABASE_POOL_SIZE: must be between 1 and 100/);
    expect(() => parseConfig({ DATABASE_POOL_SIZE: "2.5" })).toThrowError(/DATABASE_POOL_SIZE: must be a whole number/);
  });

  it("reads the lives' Twitch chats at Twitch unless TWITCH_CHAT_URL points elsewhere or is off", () => {
    expect(parseConfig({}).TWITCH_CHAT_URL).toBe("wss://irc-ws.chat.twitch.tv:443");
    expect(parseConfig({ TWITCH_CHAT_URL: "ws://127.0.0.1:4567" }).TWITCH_CHAT_URL).toBe("ws://127.0.0.1:4567");
    expect(parseConfig({ TWITCH_CHAT_URL: "off" }).TWITCH_CHAT_URL).toBe("off");
    expect(() => parseConfig({ TWITCH_CHAT_URL: "irc.chat.twitch.tv:6697" })).toThrowError(/TWITCH_CHAT_URL: must be a WebSocket URL/);
  });

  it("caps live event streams per node and per client address, 5000 and 20 unless told otherwise", () => {
    expect(parseConfig({})).toMatchObject({ MAX_EVENT_STREAMS: 5000, EVENT_STREAMS_PER_ADDRESS: 20 });
    expect(parseConfig({ MAX_EVENT_STREAMS: "800", EVENT_STREAMS_PER_ADDRESS: "50" })).toMatchObject({
      MAX_EVENT_STREAMS: 800,
      EVENT_STREAMS_PER_ADDRESS: 50,
    });
    expect(() => parseConfig({ MAX_EVENT_STREAMS: "0" })).toThrowError(/MAX_EVENT_STREAMS: must be at least 1/);
    expect(() => parseConfig({ EVENT_STREAMS_PER_ADDRESS: "lots" })).toThrowError(/EVENT_STREAMS_PER_ADDRESS: must be a number of streams/);
  });

  it("reads TRUST_PROXY as a number of proxy hops, never as 'trust every hop'", () => {
    expect(parseConfig({}).TRUST_PROXY).toBe(0);
    expect(parseConfig({ TRUST_PROXY: "0" }).TRUST_PROXY).toBe(0);
    expect(parseConfig({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(0);
    expect(parseConfig({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(parseConfig({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(1);
    expect(parseConfig({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(() => parseConfig({ TRUST_PROXY: "all" })).toThrowError(/TRUST_PROXY: must be 0/);
    expect(() => parseConfig({ TRUST_PROXY: "-1" })).toThrowError(/TRUST_PROXY/);
    expect(() => parseConfig({ TRUST_PROXY: "99" })).toThrowError(/TRUST_PROXY/);
  });

  it("reads the custom domains' target, addresses and DNS servers (issue 30)", () => {
    const defaults = parseConfig({ ROOT_DOMAIN: "livecart.example:8080" });
    expect(defaults.customDomainTarget).toBe("shops.livecart.example");
    expect(defaults.CUSTOM_DOMAIN_IPS).toEqual([]);
    expect(defaults.DNS_SERVERS).toEqual([]);
    const set = parseConfig({
      CUSTOM_DOMAIN_TARGET: "Edge.Example.NET.",
      CUSTOM_DOMAIN_IPS: "203.0.113.7, 2001:DB8::7",
      DNS_SERVERS: "127.0.0.1:5353,[::1]:53, 10.0.0.2",
    });
    expect(set.customDomainTarget).toBe("edge.example.net");
    expect(set.CUSTOM_DOMAIN_IPS).toEqual(["203.0.113.7", "2001:db8::7"]);
    expect(set.DNS_SERVERS).toEqual(["127.0.0.1:5353", "[::1]:53", "10.0.0.2"]);
    expect(() => parseConfig({ CUSTOM_DOMAIN_TARGET: "https://edge.example.net" })).toThrowError(/CUSTOM_DOMAIN_TARGET/);
    expect(() => parseConfig({ CUSTOM_DOMAIN_IPS: "203.0.113.7,edge" })).toThrowError(/CUSTOM_DOMAIN_IPS: "edge" is not/);
    expect(() => parseConfig({ DNS_SERVERS: "dns.example:53" })).toThrowError(/DNS_SERVERS: "dns.example:53" is not ip:port/);
    expect(() => parseConfig({ DNS_SERVERS: "127.0.0.1:99999" })).toThrowError(/DNS_SERVERS/);
  });

  it("builds a shop's address from its primary domain when it has one, else its subdomain (issue 30)", () => {
    const at = (env: NodeJS.ProcessEnv) => ({ ...parseConfig(env), sessionSecret: "x".repeat(32) }) as Config;
    const production = at({ ROOT_DOMAIN: "livecart.fr", PUBLIC_SCHEME: "https" });
    expect(shopBaseUrl({ subdomain: "lea", primaryDomain: null }, production)).toBe("https://lea.livecart.fr");
    expect(shopBaseUrl({ subdomain: "lea", primaryDomain: "boutique-lea.fr" }, production)).toBe("https://boutique-lea.fr");
    // Development runs on a port: a custom domain is reached on the same one.
    const development = at({ ROOT_DOMAIN: "localhost:3000" });
    expect(shopBaseUrl({ subdomain: "lea", primaryDomain: null }, development)).toBe("http://lea.localhost:3000");
    expect(shopBaseUrl({ subdomain: "lea", primaryDomain: "boutique-lea.test" }, development)).toBe("http://boutique-lea.test:3000");
  });
});
