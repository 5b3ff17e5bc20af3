import type { Page } from "@playwright/test";
import { createLiveSeller, disablePayments } from "./db";
import { expect, shopUrl, test } from "./fixtures";
import { createCountedProduct, orderCountOf, setProductPrice } from "./stock-db";

const PHONE = { width: 360, height: 740 };

type Labels = Record<
  "fullName" | "email" | "phone" | "address" | "city" | "zip" | "country" | "reference" | "total" | "continue" | "card" | "expiry" | "cvc",
  string | RegExp
>;
const EN: Labels = {
  fullName: /^Full name/,
  email: /^Email/,
  phone: /^Phone/,
  address: /^Address/,
  city: /^City/,
  zip: /^ZIP code/,
  country: /^Country/,
  reference: /^Reference/,
  total: /^Total amount/,
  continue: "Continue to payment",
  card: /^Card number/,
  expiry: /^Expiry/,
  cvc: /^CVC/,
};
const FR: Labels = {
  fullName: /^Nom complet/,
  email: /^E-mail/,
  phone: /^Téléphone/,
  address: /^Adresse/,
  city: /^Ville/,
  zip: /^Code postal/,
  country: /^Pays/,
  reference: /^Référence$/,
  total: /^Montant total/,
  continue: "Continuer vers le paiement",
  card: /^Numéro de carte/,
  expiry: /^Expiration/,
  cvc: /^CVC/,
};

async function fillShipping(page: Page, labels: Labels, overrides: Partial<Record<"total" | "reference", string>> = {}) {
  await page.getByLabel(labels.fullName).fill("Nina Shopper");
  await page.getByLabel(labels.email).fill("nina@example.test");
  await page.getByLabel(labels.phone).fill("0611223344");
  await page.getByLabel(labels.address).fill("3 place Bellecour");
  await page.getByLabel(labels.city).fill("Lyon");
  await page.getByLabel(labels.zip).fill("69002");
  await page.getByLabel(labels.country).selectOption("FR");
  await page.getByLabel(labels.reference).fill(overrides.reference ?? "JACKET-42");
  await page.getByLabel(labels.total).fill(overrides.total ?? "89.90");
}

async function payWith(page: Page, labels: Labels, card: string) {
  await page.getByLabel(labels.card).fill(card);
  await page.getByLabel(labels.expiry).fill("12/30");
  await page.getByLabel(labels.cvc).fill("123");
  await page.getByTestId("card-form").getByRole("button").filter({ hasText: /€/ }).click();
}

async function expectConfirmation(page: Page, jsEnabled: boolean, viewOrder: string) {
  await expect(page.getByTestId("checkout-success")).toBeVisible();
  await expect(page.getByRole("link", { name: viewOrder })).toBeVisible();
  // With JavaScript the page navigates after 2 s; without it a <noscript> refresh does.
  await expect(page).toHaveURL(/\/order-confirmation\/\d+$/, { timeout: 10_000 });
  await expect(page.getByTestId("order-confirmation")).toBeVisible();
}

test.describe("checkout with the simulated provider", () => {
  test("a full checkout in English with the success card", async ({ page, jsEnabled }) => {
    const seller = await createLiveSeller();
    await page.goto(shopUrl(seller.subdomain, "/"));
    await expect(page.getByTestId("checkout-stepper").locator("[data-state=current]")).toContainText("Shipping");
    await fillShipping(page, EN);
    await page.getByRole("button", { name: EN.continue as string }).click();
    await expect(page).toHaveURL(/step=payment/);
    await expect(page.getByTestId("checkout-stepper").locator("[data-state=current]")).toContainText("Payment");
    await expect(page.getByTestId("card-form")).toContainText("Test mode");
    await payWith(page, EN, "4242 4242 4242 4242");
    // The success panel's heading in both modes (with JavaScript a toast says it too).
    await expect(page.getByRole("heading", { name: "Payment successful!" })).toBeVisible();
    await expectConfirmation(page, jsEnabled, "View my order");
    await expect(page.getByTestId("confirmation-total")).toHaveText("€89.90");
    await expect(page.getByTestId("confirmation-status")).toHaveText("Pending");
    await expect(page.getByTestId("order-confirmation")).toContainText("3 place Bellecour");
  });

  test("a full checkout in French", async ({ page, jsEnabled }) => {
    const seller = await createLiveSeller();
    await page.goto(shopUrl(seller.subdomain, "/?lng=fr"));
    await fillShipping(page, FR, { total: "25" });
    await page.getByRole("button", { name: FR.continue as string }).click();
    await expect(page.getByTestId("card-form")).toContainText("Mode test");
    await payWith(page, FR, "4242424242424242");
    await expectConfirmation(page, jsEnabled, "Voir ma commande");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Commande confirmée");
    await expect(page.getByTestId("confirmation-total")).toHaveText(/25,00\s€/);
  });

  test("a declined card: error, still on payment, nothing lost", async ({ page, jsEnabled }) => {
    const seller = await createLiveSeller();
    await page.goto(shopUrl(seller.subdomain, "/"));
    await fillShipping(page, EN);
    await page.getByRole("button", { name: EN.continue as string }).click();
    await payWith(page, EN, "4000 0000 0000 0002");
    await expect(page.getByTestId("card-error")).toHaveText("Your card was declined.");
    // The payment step's own URL (no "?index&…"), and the error once: not again as a toast.
    await expect(page).toHaveURL(/\/\?order=\d+&step=payment$/);
    await expect(page.getByText("Your card was declined.")).toHaveCount(1);
    await expect(page.getByTestId("summary-status")).toContainText("Failed");
    // Without JavaScript the page is a new one: a card number is never written back into it.
    await expect(page.getByLabel(EN.card)).toHaveValue(jsEnabled ? "4000 0000 0000 0002" : "");
    await page.getByRole("link", { name: "Back to shipping" }).click();
    await expect(page.getByLabel(EN.fullName)).toHaveValue("Nina Shopper");
    await expect(page.getByLabel(EN.total)).toHaveValue("89.90");
    await page.getByRole("button", { name: EN.continue as string }).click();
    await payWith(page, EN, "4242 4242 4242 4242");
    await expect(page.getByTestId("checkout-success")).toBeVisible();
  });

  for (const outcome of ["Complete", "Fail"] as const) {
    test(`the authentication card: ${outcome}`, async ({ page, jsEnabled }) => {
      const seller = await createLiveSeller();
      await page.goto(shopUrl(seller.subdomain, "/"));
      await fillShipping(page, EN);
      await page.getByRole("button", { name: EN.continue as string }).click();
      await payWith(page, EN, "4000 0025 0000 3155");
      await expect(page).toHaveURL(/\/payments\/simulated\/authenticate\//);
      // The URL can change before the page does; wait for the challenge's own buttons.
      await expect(page.getByRole("button", { name: outcome })).toBeVisible();
      await expect(page.getByText("Test mode")).toBeVisible();
      await page.getByRole("button", { name: outcome }).click();
      if (outcome === "Complete") {
        await expectConfirmation(page, jsEnabled, "View my order");
      } else {
        await expect(page).toHaveURL(/step=payment/);
        await expect(page.getByTestId("card-error")).toContainText("We are unable to authenticate your payment method");
      }
    });
  }

  test("minimum amount and reference rules", async ({ page }) => {
    const seller = await createLiveSeller();
    await page.goto(shopUrl(seller.subdomain, "/"));
    await fillShipping(page, EN, { total: "5", reference: "" });
    await page.getByRole("button", { name: EN.continue as string }).click();
    await expect(page.getByText("Total amount must be at least €10.00")).toBeVisible();
    await expect(page.getByText("Please provide a reference, content or live reference")).toBeVisible();
    await expect(page).not.toHaveURL(/step=payment/);
    await expect(page.getByLabel(EN.fullName)).toHaveValue("Nina Shopper");
  });

  // The checkout's own form state (decision 016) does what Conform's useForm did.
  test("with JavaScript a field is checked when left and again as typed, a submit focuses the first invalid field @js-only", async ({
    page,
  }) => {
    const seller = await createLiveSeller();
    await page.goto(shopUrl(seller.subdomain, "/?lng=fr"));
    const name = page.getByLabel(FR.fullName);
    const email = page.getByLabel(FR.email);
    await name.fill("N");
    await email.fill("nina");
    const nameError = page.getByText("Le nom complet doit contenir au moins 2 caractères");
    await expect(nameError).toBeVisible();
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(name).toHaveAttribute("aria-describedby", "checkout-shipping-full_name-error");
    await expect(page.locator("#checkout-shipping-full_name-error")).toContainText("Le nom complet");
    // The field still being typed in is not checked until it is left.
    await expect(page.getByText("Saisissez une adresse e-mail valide")).toBeHidden();
    await name.fill("Nina Shopper");
    await expect(nameError).toBeHidden();
    await expect(name).not.toHaveAttribute("aria-invalid");
    await page.getByRole("button", { name: FR.continue as string }).click();
    await expect(email).toBeFocused();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Saisissez une adresse e-mail valide")).toBeVisible();
    // Every field is checked on submit, those never left too.
    await expect(page.getByText("L'adresse doit contenir au moins 5 caractères")).toBeVisible();
    await expect(page).not.toHaveURL(/step=payment/);
  });

  test("the previous-information offer on a second visit", async ({ page }) => {
    const seller = await createLiveSeller();
    await page.goto(shopUrl(seller.subdomain, "/"));
    // Nothing to reuse yet: no offer; asking for it anyway says why.
    await expect(page.getByTestId("previous-offer")).toHaveCount(0);
    await page.goto(shopUrl(seller.subdomain, "/?prefill=1"));
    await expect(page.getByText("No successful orders found")).toBeVisible();
    await fillShipping(page, EN);
    await page.getByRole("button", { name: EN.continue as string }).click();
    await payWith(page, EN, "4242 4242 4242 4242");
    await expect(page.getByTestId("checkout-success")).toBeVisible();

    await page.goto(shopUrl(seller.subdomain, "/"));
    await expect(page.getByText("Your details from your last order have been filled in.")).toBeVisible();
    await expect(page.getByLabel(EN.fullName)).toHaveValue("Nina Shopper");
    await expect(page.getByLabel(EN.city)).toHaveValue("Lyon");
    await expect(page.getByLabel(EN.reference)).toHaveValue("");
    // Cleared, the offer brings the details back.
    await page.getByRole("link", { name: "Start with an empty form" }).click();
    await expect(page.getByLabel(EN.fullName)).toHaveValue("");
    await page.getByTestId("previous-offer").click();
    await expect(page.getByLabel(EN.fullName)).toHaveValue("Nina Shopper");
  });

  test("a shop that cannot receive payments shows the payment-setup screen", async ({ page }) => {
    const seller = await createLiveSeller();
    await disablePayments(seller.email);
    await page.goto(shopUrl(seller.subdomain, "/"));
    const screen = page.getByTestId("payment-setup-error");
    await expect(screen).toContainText("Payment Setup Error");
    await expect(screen).toContainText("Unable to initialize payment system. Please contact support.");
    await expect(screen.getByRole("link", { name: "Contact" })).toHaveAttribute("href", /^mailto:/);
    await screen.getByRole("link", { name: "Try again" }).click();
    await expect(page.getByTestId("payment-setup-error")).toBeVisible();
  });

  test("the shopper finds the order again in /orders", async ({ page }) => {
    const seller = await createLiveSeller();
    await page.goto(shopUrl(seller.subdomain, "/"));
    await fillShipping(page, EN);
    await page.getByRole("button", { name: EN.continue as string }).click();
    await payWith(page, EN, "4242 4242 4242 4242");
    await expect(page.getByTestId("checkout-success")).toBeVisible();
    await page.goto(shopUrl(seller.subdomain, "/orders"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("My orders");
    await expect(page.getByTestId("order-row")).toHaveCount(1);
    await expect(page.getByTestId("order-row")).toContainText("Succeeded");
    await page.getByRole("link", { name: /View order #0001/ }).click();
    await expect(page.getByTestId("order-detail").or(page.getByTestId("order-confirmation"))).toBeVisible();
  });
});

test.describe("issue 12: catalogue purchases, the card form, going back", () => {
  async function fillCatalogueShipping(page: Page) {
    await page.getByLabel(EN.fullName).fill("Nina Shopper");
    await page.getByLabel(EN.email).fill("nina@example.test");
    await page.getByLabel(EN.phone).fill("0611223344");
    await page.getByLabel(EN.address).fill("3 place Bellecour");
    await page.getByLabel(EN.city).fill("Lyon");
    await page.getByLabel(EN.zip).fill("69002");
    await page.getByLabel(EN.country).selectOption("FR");
  }

  /** Opens the scarf's checkout, fills it and asks for 2: the total starts read-only at the unit price. */
  async function buyTwoScarves(page: Page) {
    await page.goto(shopUrl("demo", "/products"));
    await page.getByRole("link", { name: "Buy now: Silk Scarf Aurora" }).click();
    const total = page.getByTestId("purchase-total");
    await expect(total).toHaveValue("39.00");
    await expect(total).toHaveAttribute("readonly", "");
    await expect(page.getByLabel(EN.reference)).toHaveCount(0);
    await fillCatalogueShipping(page);
    await page.getByLabel(/^Quantity/).fill("2");
    return total;
  }

  async function expectTwoScarvesToPay(page: Page) {
    await expect(page).toHaveURL(/step=payment/);
    await expect(page.getByTestId("summary-total")).toHaveText("€78.00");
    await expect(page.getByTestId("order-summary")).toContainText("2 × Silk Scarf Aurora");
    await expect(page.getByTestId("card-form").getByRole("button").filter({ hasText: "€78.00" })).toBeVisible();
  }

  test("a catalogue purchase: the quantity sets a read-only total as it is typed, which the order keeps @js-only", async ({ page }) => {
    const total = await buyTwoScarves(page);
    await expect(total).toHaveValue("78.00");
    await page.getByRole("button", { name: EN.continue as string }).click();
    await expectTwoScarvesToPay(page);
  });

  test("on a phone without JavaScript, a quantity changed before continuing is ordered in one submit @nojs-only", async ({ page }) => {
    await page.setViewportSize(PHONE);
    const total = await buyTwoScarves(page);
    // Nothing recomputes the total in the page: it still shows the unit price, and the hint says what happens.
    await expect(total).toHaveValue("39.00");
    await expect(
      page.getByText("Price × quantity: the order's total is worked out from the quantity you choose when you continue."),
    ).toBeVisible();
    await page.getByRole("button", { name: EN.continue as string }).click();
    await expectTwoScarvesToPay(page);
  });

  test("on a phone, a price changed since the page was shown: told the price of now and the new total, then pays that", async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    const seller = await createLiveSeller();
    const scarf = await createCountedProduct(seller.subdomain, "Repriced Scarf", null, 3900);
    await page.goto(shopUrl(seller.subdomain, `/?product_id=${scarf.id}`));
    await expect(page.getByTestId("summary-price")).toHaveText("€39.00 each");
    await fillCatalogueShipping(page);
    await page.getByLabel(/^Quantity/).fill("2");
    await setProductPrice(scarf.id, 4500);
    await page.getByRole("button", { name: EN.continue as string }).click();
    await expect(
      page.getByText(
        "The price changed since this page was shown: it is now €45.00 each, so the total is €90.00. Check it, then continue.",
      ),
    ).toBeVisible();
    // The summary and the form's hint both say the price of now.
    await expect(page.getByTestId("summary-price")).toHaveText("€45.00 each");
    await expect(page.locator("#checkout-shipping-quantity-description")).toHaveText("€45.00 each");
    await expect(page.getByTestId("purchase-total")).toHaveValue("90.00");
    await expect(page.getByLabel(/^Quantity/)).toHaveValue("2");
    await expect(page).not.toHaveURL(/step=payment/);
    expect(await orderCountOf(seller.subdomain)).toBe(0);
    await page.getByRole("button", { name: EN.continue as string }).click();
    await expect(page).toHaveURL(/step=payment/);
    await expect(page.getByTestId("summary-total")).toHaveText("€90.00");
  });

  test("an out-of-stock product has no Buy now, and its checkout link says why", async ({ page }) => {
    await page.goto(shopUrl("demo", "/products"));
    const belt = page.getByTestId("product-card").filter({ hasText: "Leather Belt" });
    await expect(belt.getByTestId("sold-out")).toHaveText("Out of stock: cannot be ordered");
    await expect(belt.getByRole("link")).toHaveCount(0);
    await page.goto(shopUrl("demo", "/?product_id=4"));
    await expect(page.getByTestId("purchase-unavailable")).toContainText("This product is out of stock");
    await expect(page.getByLabel(EN.fullName)).toHaveCount(0);
    await page.getByRole("link", { name: "See the catalogue" }).click();
    await expect(page).toHaveURL(/\/products$/);
  });

  test("the card number is grouped and the expiry gets its slash as typed @js-only", async ({ page }) => {
    const seller = await createLiveSeller();
    await page.goto(shopUrl(seller.subdomain, "/"));
    await fillShipping(page, EN);
    await page.getByRole("button", { name: EN.continue as string }).click();
    const number = page.getByLabel(EN.card);
    await number.pressSequentially("4242424242424242");
    await expect(number).toHaveValue("4242 4242 4242 4242");
    const expiry = page.getByLabel(EN.expiry);
    await expiry.pressSequentially("1230");
    await expect(expiry).toHaveValue("12/30");
    // Deleting goes through the slash instead of putting it back.
    await expiry.press("Backspace");
    await expiry.press("Backspace");
    await expiry.press("Backspace");
    await expect(expiry).toHaveValue("1");
    await expiry.pressSequentially("230");
    await page.getByLabel(EN.cvc).fill("123");
    await page.getByTestId("card-form").getByRole("button").filter({ hasText: /€/ }).click();
    await expect(page.getByTestId("checkout-success")).toBeVisible();
  });

  test("the summary names its two statuses", async ({ page }) => {
    const seller = await createLiveSeller();
    await page.goto(shopUrl(seller.subdomain, "/"));
    await fillShipping(page, EN);
    await page.getByRole("button", { name: EN.continue as string }).click();
    const summary = page.getByTestId("order-summary");
    await expect(summary.getByRole("term").filter({ hasText: "Order status" })).toBeVisible();
    await expect(summary.getByRole("term").filter({ hasText: /^Payment$/ })).toBeVisible();
    await expect(page.getByTestId("summary-order-status")).toHaveText("Pending");
    await expect(page.getByTestId("summary-status")).toHaveText("Pending");
  });

  test("the browser's Back from the payment step keeps the shipping form, and the same order", async ({ page }) => {
    const seller = await createLiveSeller();
    await page.goto(shopUrl(seller.subdomain, "/"));
    await fillShipping(page, EN);
    await page.getByRole("button", { name: EN.continue as string }).click();
    await expect(page).toHaveURL(/step=payment/);
    await expect(page.getByTestId("order-summary")).toContainText("#0001");
    await page.goBack();
    await expect(page.getByLabel(EN.fullName)).toHaveValue("Nina Shopper");
    await expect(page.getByLabel(EN.total)).toHaveValue("89.90");
    await page.getByLabel(EN.total).fill("45.00");
    await page.getByRole("button", { name: EN.continue as string }).click();
    await expect(page).toHaveURL(/step=payment/);
    await expect(page.getByTestId("order-summary")).toContainText("#0001");
    await expect(page.getByTestId("summary-total")).toHaveText("€45.00");
  });
});
