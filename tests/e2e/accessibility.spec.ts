import type { Page } from "@playwright/test";
import { runAxe } from "./axe";
import { expect, test } from "./fixtures";
import { horizontalOverflow, PAGE_INVENTORY, sweepPage, type InventoryPage } from "./page-inventory";

/**
 * WCAG 2.1 AA sweep: every screen of the inventory, signed out and signed in, on a desktop and
 * on a phone: axe must find no serious or critical violation, and the phone must not scroll
 * sideways. Each screen is opened once, in one language, English and French in turn down the
 * inventory (the markup is the same in both; its page load is most of a test's time), so both
 * languages are measured across the screens; the phone-layout sweep measures every visitor
 * screen's width in both. axe runs in the page, hence @js-only. One test per screen keeps the
 * suite short; each account signs in once per worker, and the screens open in pages the worker
 * keeps (`sweepPage`).
 */

const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 360, height: 740 },
} as const;
const LANGUAGES = ["en", "fr"] as const;

async function open(page: Page, entry: InventoryPage) {
  await page.goto(entry.url);
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
  if (entry.reach) await entry.reach(page);
}

/** The serious and critical violations, one readable line per rule and element. */
async function seriousViolations(page: Page): Promise<string[]> {
  // A toast or a dialog half-way through its transition has blended colours: measure the
  // page at rest (looping animations such as spinners aside). A toast leaves by itself after
  // a few seconds and could start leaving while axe measures: the pointer rests on it, which
  // holds it where it is (toasts pause under the pointer), so it is measured at rest too.
  // A toast that a navigation just before asked for (the live board's "created") is shown by
  // an effect after the page changed, and slides in a frame or two later: let those run first.
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(() => resolve())))),
  );
  const toast = page.locator("[data-sonner-toast]").first();
  if (await toast.isVisible().catch(() => false)) await toast.hover({ timeout: 2_000 }).catch(() => undefined);
  await page
    .waitForFunction(
      () => document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity),
      undefined,
      {
        timeout: 10_000,
      },
    )
    .catch(() => undefined);
  const { violations } = await runAxe(page);
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} (${violation.impact}): ${node.target.join(" ")}: ${node.failureSummary?.replace(/\s+/g, " ") ?? violation.help}`,
      ),
    );
}

test.describe("accessibility (axe, WCAG 2.1 AA) @js-only", () => {
  for (const [index, entry] of PAGE_INVENTORY.entries()) {
    const language = LANGUAGES[index % LANGUAGES.length]!;
    test(`${entry.name} (${entry.viewer}, ${language})`, async ({ browser }) => {
      // One page load and two axe runs; screens reached through a wizard or checkout take longer.
      test.setTimeout(entry.reach ? 240_000 : 120_000);
      const found: string[] = [];
      // One page load; the phone resizes the same page (layout follows the viewport's media queries).
      const page = await sweepPage(browser, { viewer: entry.viewer, language, javaScript: true }, VIEWPORTS.desktop);
      await open(page, entry);
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      for (const [device, viewport] of Object.entries(VIEWPORTS)) {
        await page.setViewportSize(viewport);
        for (const line of await seriousViolations(page)) found.push(`[${language} ${device}] ${line}`);
        if (device === "phone") {
          const { overflow, culprits } = await horizontalOverflow(page);
          if (overflow > 0) found.push(`[${language} phone] ${overflow}px too wide, e.g. ${culprits.join(", ")}`);
        }
      }
      expect(found, found.join("\n")).toEqual([]);
    });
  }
});
