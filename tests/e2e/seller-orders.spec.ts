import { createLiveSeller, createPaidOrders, recordSimulatedPayment, signInWithSession } from "./db";
import { expect, mainUrl, test } from "./fixtures";

test("the seller sees paid orders and unpaid checkouts apart, and refunds part of an order", async ({ page, jsEnabled }) => {
  test.slow(); // many pages on a shared machine
  const seller = await createLiveSeller();
  await createPaidOrders(seller.subdomain, 2); // #0001 €11.00, #0002 €12.00
  await recordSimulatedPayment(seller.subdomain, 1);
  await signInWithSession(page, seller);

  await page.goto(mainUrl("/dashboard"));
  await expect(page.getByTestId("stat-orders")).toHaveText("2");
  await page.goto(mainUrl("/orders"));
  await expect(page.getByRole("link", { name: "Orders (2)" })).toHaveAttribute("aria-current", "page");
  await page.getByRole("link", { name: "Unpaid checkouts (0)" }).click();
  await expect(page).toHaveURL(/view=checkouts/);
  await expect(page.getByTestId("orders-empty")).toBeVisible();
  await page.getByRole("link", { name: "Orders (2)" }).click();
  await expect(page.getByTestId("order-row")).toHaveCount(2);

  await page.getByRole("link", { name: "View order #0001" }).click();
  const scope = jsEnabled ? page.getByRole("dialog", { name: "Order #0001" }) : page.locator("main");
  const form = scope.getByTestId("refund-form");
  await expect(form.getByLabel("Amount to refund (€)")).toHaveValue("11.00");

  // More than was paid: refused in place, what was typed is kept.
  await form.getByLabel("Amount to refund (€)").fill("50");
  await form.getByLabel(/^Reason/).fill("Chipped mug returned");
  await form.getByRole("button", { name: /^Refund/ }).click();
  await expect(scope.getByText("At most 11.00 can still be refunded.")).toBeVisible({ timeout: 20_000 });
  await expect(form.getByLabel(/^Reason/)).toHaveValue("Chipped mug returned");

  await form.getByLabel("Amount to refund (€)").fill("4,50");
  await form.getByRole("button", { name: /^Refund/ }).click();
  await expect(page.getByText(/€4\.50 refunded for order #0001/)).toBeVisible({ timeout: 20_000 });
  const after = jsEnabled ? page.getByRole("dialog", { name: "Order #0001" }) : page.locator("main");
  await expect(after.getByTestId("refund-list")).toContainText("Reason: Chipped mug returned");
  await expect(after.getByTestId("refund-summary")).toContainText(/€6\.50/);
  await expect(after.getByTestId("order-detail")).toContainText("Partially refunded");
  await expect(after.getByTestId("refund-form").getByLabel("Amount to refund (€)")).toHaveValue("6.50");

  // Still an order (and counted as one); sales are net of the refund.
  await page.goto(mainUrl("/dashboard"));
  await expect(page.getByTestId("stat-orders")).toHaveText("2");
  await expect(page.getByTestId("stat-sales")).toHaveText(/€18\.50/);
});
