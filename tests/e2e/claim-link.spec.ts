import { createLiveSeller, ordersOfLive, signInWithSession, startLive } from "./db";
import { claimOnLive, createCodedProduct } from "./claims-db";
import { expect, mainUrl, shopUrl, test, fillShopperDetails } from "./fixtures";

/**
 * Issue 29, item 4: a viewer opens their claim link on a phone and pays, with and without
 * JavaScript; the seller's live board then shows the claim paid.
 */
test.use({ viewport: { width: 360, height: 740 } });

test("a viewer pays their claims from their link on a phone; the link, and the seller's board, then show them paid", async ({
  page,
  browser,
}) => {
  const seller = await createLiveSeller();
  const productId = await createCodedProduct(seller.subdomain, { name: "Claim Scarf", code: "SC7", priceCents: 1900, stock: 5 });
  const live = await startLive(seller.subdomain, { title: "Scarves night" });
  const link = await claimOnLive(seller.subdomain, live, { handle: "lea.watches", productId, quantity: 2 });

  await page.goto(shopUrl(seller.subdomain, link));
  await expect(page.getByTestId("claim-link")).toContainText("Claimed in the chat as @lea.watches");
  const line = page.getByTestId("claim-line");
  await expect(line).toContainText("Claim Scarf");
  await expect(line).toContainText("SC7");
  await expect(line).toContainText("2 units · €38.00");
  await expect(line.getByTestId("claim-status")).toHaveText("Held for you");
  await expect(line.getByTestId("hold-notice")).toContainText("We keep it for you until");
  await expect(page.getByTestId("summary-subtotal")).toHaveText("€38.00");

  await fillShopperDetails(page, { name: "Lea Watches", email: "lea.watches@example.test" });
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page).toHaveURL(/\/\?order=\d+&step=payment$/);
  await expect(page.getByTestId("hold-notice")).toBeVisible();
  await page.getByLabel(/^Card number/).fill("4242 4242 4242 4242");
  await page.getByLabel(/^Expiry/).fill("12/30");
  await page.getByLabel(/^CVC/).fill("123");
  await page.getByTestId("card-form").getByRole("button").filter({ hasText: "€38.00" }).click();
  await expect(page.getByRole("heading", { name: "Payment successful!" })).toBeVisible();
  const [order] = await ordersOfLive(live.id);
  expect(order).toMatchObject({ paymentStatus: "succeeded", liveReference: live.code, email: "lea.watches@example.test" });

  await page.goto(shopUrl(seller.subdomain, link));
  await expect(line.getByTestId("claim-status")).toHaveText("Paid");
  await expect(line).toContainText("Pending");
  await expect(page.getByTestId("claim-link-nothing-to-pay")).toBeVisible();

  // The seller, on their own phone, sees it paid on the live board.
  const sellerContext = await browser.newContext({
    viewport: { width: 360, height: 740 },
    javaScriptEnabled: test.info().project.name !== "no-js",
  });
  const board = await sellerContext.newPage();
  await signInWithSession(board, seller);
  await board.goto(mainUrl(`/dashboard/lives/${live.id}`));
  const claim = board.getByTestId("live-claim").filter({ hasText: "@lea.watches" });
  await expect(claim.getByTestId("live-claim-status")).toHaveText("Paid");
  await expect(claim).toContainText("SC7");
  await sellerContext.close();
});
