import fs from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";
import type { AxeResults, RunOptions } from "axe-core";

/**
 * axe-core (the version @axe-core/playwright pins) run inside the page under test against
 * WCAG 2.1 A and AA. The script is injected once per page load and reused by every later run
 * on that document (a resized viewport, a dialog opened): AxeBuilder.analyze() injected it
 * again on every run and finished each run in a second, blank page.
 */
const requireFromAxePlaywright = createRequire(createRequire(import.meta.url).resolve("@axe-core/playwright"));
const AXE_SOURCE = fs.readFileSync(requireFromAxePlaywright.resolve("axe-core/axe.min.js"), "utf8");
// Only violations are reported, so only theirs are detailed (axe then skips describing every
// passing node: about a third of a run on the larger screens).
const WCAG_21_AA: RunOptions = {
  runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
  resultTypes: ["violations"],
};

type AxeWindow = { axe?: { run: (context: Document, options: RunOptions) => Promise<AxeResults> } };

/** axe's results for the page as it is now (the app has no iframes: the document alone). */
export async function runAxe(page: Page): Promise<AxeResults> {
  if (!(await page.evaluate(() => typeof (window as unknown as AxeWindow).axe === "object"))) await page.evaluate(AXE_SOURCE);
  return page.evaluate((options) => (window as unknown as AxeWindow).axe!.run(document, options), WCAG_21_AA);
}
