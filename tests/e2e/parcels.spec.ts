import type { Page } from "@playwright/test";
import { horizontalOverflow } from "./page-inventory";
import { createLiveSeller, createParcelOrders, ordersOfLive, orderStatusLink, setShipping, signInWithSession, startLive } from "./db";
import { expect, mainUrl, shopUrl, test, fillShopperDetails } from "./fixtures";

async function payByCard(page: Page, amount: string) {
  await expect(page.getByTestId("order-summary").getByTestId("summary-total")).toHaveText(amount);
  await page.getByLabel(/^Card number/).fill("4242 4242 4242 4242");
  await page.getByLabel(/^Expiry/).fill("12/30");
  await page.getByLabel(/^CVC/).fill("123");
  await page.getByTestId("card-form").getByRole("button").filter({ hasText: amount }).click();
  await expect(page.getByTestId("checkout-success")).toBeVisible();
}

// Issue 28: a shopper who buys twice during a live, to the same address, pays shipping once.
test("a second order on the same live, same email and address, goes in the parcel with no shipping fee", async ({ page }) => {
  const seller = await createLiveSeller();
  await setShipping(seller.subdomain, {
    zones: [
      {
        id: null,
        name: "France",
        countries: ["FR"],
        rates: [{ id: null, name: "Colissimo", priceCents: 490, freeFromCents: null, delivery: "" }],
      },
    ],
  });
  const live = await startLive(seller.subdomain, { title: "Parcel night" });
  await page.goto(shopUrl(seller.subdomain, `/live/${live.code}`));
  await expect(page.getByTestId("shipping-parcel")).toHaveCount(0);
  await fillShopperDetails(page, { name: "Lou Twice", email: "lou.twice@example.test" });
  await page.getByLabel(/^Reference/).fill("SCARF-1");
  await page.getByLabel(/^Total amount/).fill("25");
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page.getByTestId("summary-shipping")).toHaveText("€4.90");
  await payByCard(page, "€29.90");

  // Ten minutes later, the same live, on a phone: the details come back, and the parcel is offered first.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(shopUrl(seller.subdomain, `/live/${live.code}`));
  const parcel = page.getByTestId("shipping-parcel");
  await expect(parcel).toContainText("You have a parcel from this live not shipped yet");
  expect((await horizontalOverflow(page)).overflow).toBeLessThanOrEqual(0);
  await expect(parcel.getByRole("radio", { name: /Add to my parcel/ })).toBeChecked();
  await page.getByLabel(/^Reference/).fill("RING-2");
  await page.getByLabel(/^Total amount/).fill("18");
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page.getByTestId("summary-shipping")).toHaveText("Free");
  await payByCard(page, "€18.00");
  const [second, first] = await ordersOfLive(live.id);
  expect([second?.paymentStatus, first?.paymentStatus]).toEqual(["succeeded", "succeeded"]);
});

// Issue 28: the seller packs a shopper's two paid orders as one parcel, from one packing list,
// ships it with a carrier and a tracking number, and the shopper follows it from the status page.
test("the seller ships a parcel with a tracking number; the shopper's status page links to the carrier", async ({ page }) => {
  const seller = await createLiveSeller();
  const [first] = await createParcelOrders(seller.subdomain, 2, "pat.parcel@example.test");
  await signInWithSession(page, seller);
  await page.goto(mainUrl("/orders"));
  await page.getByRole("link", { name: "To ship (1)" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Parcels to ship");
  const parcel = page.getByTestId("parcel");
  await expect(parcel).toHaveCount(1);
  await expect(parcel).toContainText("#0001");
  await expect(parcel).toContainText("#0002");
  await expect(parcel.getByTestId("packing-list")).toContainText("REF-1");

  await parcel.getByLabel(/^Carrier/).selectOption({ label: "La Poste" });
  await parcel.getByLabel(/^Tracking number/).fill("<b>1A</b>");
  await parcel.getByRole("button", { name: "Ship the parcel" }).click();
  // The browser's own check stops the markup first (with or without JavaScript): nothing was sent.
  await expect(page.getByTestId("parcel")).toHaveCount(1);
  await parcel.getByLabel(/^Tracking number/).fill("1A 2345 6789 0");
  await parcel.getByRole("button", { name: "Ship the parcel" }).click();
  await expect(page.getByText(/Parcel \d+ is shipped \(#0001, #0002\); the shopper has the tracking link\./)).toBeVisible();
  await expect(page.getByTestId("parcels-empty")).toBeVisible();

  // The shopper opens the order from the mail's status link: the carrier's tracking page is one tap away.
  await page.goto(await orderStatusLink(seller.subdomain, first!));
  const tracking = page.getByTestId("order-tracking");
  await expect(tracking).toContainText("Shipped with La Poste");
  await expect(tracking).toContainText("1A234567890");
  await expect(tracking.getByRole("link", { name: "Track the parcel" })).toHaveAttribute(
    "href",
    "https://www.laposte.fr/outils/suivre-vos-envois?code=1A234567890",
  );
});

test("a parcel shipped leaves the focus on the page's heading, not the page's top @js-only", async ({ page }) => {
  const seller = await createLiveSeller();
  await createParcelOrders(seller.subdomain, 1, "fay.focus@example.test");
  await signInWithSession(page, seller);
  await page.goto(mainUrl("/orders/parcels"));
  const parcel = page.getByTestId("parcel");
  await parcel.getByLabel(/^Carrier/).selectOption({ label: "La Poste" });
  await parcel.getByLabel(/^Tracking number/).fill("1A 2345 6789 0");
  await parcel.getByRole("button", { name: "Ship the parcel" }).press("Enter");
  await expect(page.getByTestId("parcels-empty")).toBeVisible();
  // The parcel went, and with it the button that had the focus.
  await expect(page.getByRole("heading", { level: 1, name: "Parcels to ship" })).toBeFocused();
});
