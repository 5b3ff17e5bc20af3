import { describe, expect, it } from "vitest";
import { captureAppLog, loadApp, onPostgres, sql, sqlNow } from "./app";

/** Every table's row count, and the counters a page view or a live's visit would add to. */
async function everythingStored() {
  const tables = await sql<{ name: string }[]>(
    onPostgres()
      ? "select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'"
      : "select name from sqlite_master where type = 'table'",
  );
  const rows: Record<string, number> = {};
  for (const { name } of tables) rows[name] = (await sql<{ n: number }[]>(`select count(*) as n from "${name}"`))[0]!.n;
  return {
    rows,
    views: await sql<unknown[]>("select shop_id, day, views from shop_daily_views order by shop_id, day"),
    visits: await sql<unknown[]>("select id, visits from lives order by id"),
  };
}

describe("a node's warm-up before it is ready", () => {
  it("is not ready until it has opened the shops' pages, then ready; it writes nothing, counts no view and logs no request", async () => {
    // A running live with its pinned product: its link and Buy page are warmed too.
    await sql(
      `insert into lives (shop_id, code, title, platform, pinned_product_id, visits, created_at, updated_at)
       values (1, 'warm23', 'Warm live', 'tiktok', 1, 0, ${sqlNow()}, ${sqlNow()})`,
    );
    const app = await loadApp();
    const before = await everythingStored();
    const log = await captureAppLog();
    try {
      const warming = app.warmUpNode();
      expect(await app.readiness()).toEqual({ ready: false, reason: "warming_up" });
      await warming;
      expect(await app.readiness()).toEqual({ ready: true });
      await app.flushShopViews();
      await app.flushLiveVisits();
      expect(await everythingStored()).toEqual(before);
      // One line: how it went. No request line, no warning.
      expect(log.lines.map((line) => line.msg)).toEqual(["warmed up"]);
      // The demo shop's catalogue, a checkout, the live's link and its Buy page, in both languages and again uncached.
      expect(log.lines[0]!.pages).toBeGreaterThanOrEqual(1 + 4 * 2 + 4 * 2);
    } finally {
      log.stop();
    }
  });
});
