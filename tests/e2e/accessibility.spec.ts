import type { Page } from "@playwright/test";
import { runAxe } from "./axe";
import { expect, test } from "./fixtures";
import { horizontalOverflow, PAGE_INVENTORY, sweepPage, type InventoryPage } from "./page-inventory";

/**
 * WCAG 2.1 AA sweep: every screen of the inventory, signed out and signed in, in English on a
 * desktop and in French on a phone (the longer texts on the narrower screen): axe must find no
 * serious or critical violation, and neither language may scroll sideways at 360 px. The same
 * markup in the other two combinations differs only by its texts, which the two runs cover;
 * axe's runs are most of the sweep's time. axe runs in the page, hence @js-only. One test per
 * screen keeps the suite short; each account signs in once per worker, and the screens open in
 * pages the worker keeps (`sweepPage`).
 */

const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 360, height: 740 },
} as const;
/** Per language, the viewports axe measures (both are measured for width at 360 px). */
const AXE_RUNS = [
  { language: "en", devices: ["desktop"] },
  { language: "fr", devices: ["phone"] },
] as const;

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
  for (const entry of PAGE_INVENTORY) {
    test(`${entry.name} (${entry.viewer})`, async ({ browser }) => {
      // Two page loads and four axe runs; screens reached through a wizard or checkout take longer.
      test.setTimeout(entry.reach ? 240_000 : 120_000);
      const found: string[] = [];
      // One page load per language; the phone resizes the same page (layout follows the
      // viewport's media queries).
      for (const { language, devices } of AXE_RUNS) {
        const page = await sweepPage(browser, { viewer: entry.viewer, language, javaScript: true }, VIEWPORTS.desktop);
        await open(page, entry);
        await expect(page.locator("html")).toHaveAttribute("lang", language);
        for (const device of ["desktop", "phone"] as const) {
          await page.setViewportSize(VIEWPORTS[device]);
          if ((devices as readonly string[]).includes(device)) {
            for (const line of await seriousViolations(page)) found.push(`[${language} ${device}] ${line}`);
          }
          if (device === "phone") {
            const { overflow, culprits } = await horizontalOverflow(page);
            if (overflow > 0) found.push(`[${language} phone] ${overflow}px too wide, e.g. ${culprits.join(", ")}`);
          }
        }
      }
      expect(found, found.join("\n")).toEqual([]);
    });
  }
});
