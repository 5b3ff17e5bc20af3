import { createLiveSeller, createParcelOrders, orderStatusLink, signInWithSession } from "./db";
import { expect, mainUrl, test } from "./fixtures";

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
