import { describe, expect, it } from "vitest";
import { ConflictError, ValidationError } from "~/domain/errors.server";
import { createOrder, listOrders } from "~/domain/orders/orders.server";
import { itemsTotalCents, minimumQuantity } from "~/lib/order-total";
import { checkoutSchema, orderListQuerySchema } from "~/schemas/checkout";
import { CHECKOUT_FIELDS, createProduct, createShop } from "./factories";

const fields = CHECKOUT_FIELDS;
const shopper = { shopperKeyHash: "h", userId: null, language: "en" as const };

describe("catalogue totals", () => {
  it("are the price times the quantity; the minimum quantity reaches the shop's minimum", () => {
    expect(
      itemsTotalCents([
        { unitPriceCents: 3900, quantity: 2 },
        { unitPriceCents: 990, quantity: 1 },
      ]),
    ).toBe(8790);
    expect(minimumQuantity(990, 1000)).toBe(2);
    expect(minimumQuantity(1000, 1000)).toBe(1);
    expect(minimumQuantity(3900, 1000)).toBe(1);
  });

  it("the catalogue form takes a quantity instead of a reference and checks the total it sends", () => {
    const schema = checkoutSchema(1000, { unitPriceCents: 990, verifyTotal: true });
    const issues = (input: Record<string, unknown>) =>
      Object.fromEntries((schema.safeParse({ ...fields, ...input }).error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
    expect(issues({ quantity: "2", total_amount: "19.80" })).toEqual({});
    expect(issues({ quantity: "1", total_amount: "9.90" })).toEqual({
      quantity: "purchase.errors.quantity_minimum?quantity=2&minimum=10.00",
    });
    expect(issues({ quantity: "3", total_amount: "19.80" })).toEqual({ total_amount: "purchase.errors.total_amount_mismatch?total=29.70" });
    expect(issues({ quantity: "0", total_amount: "0" })).toMatchObject({ quantity: "purchase.errors.quantity" });
  });

  it("checks the total for the quantity it was computed for (the page's, without JavaScript) and orders the quantity's", () => {
    const schema = checkoutSchema(1000, { unitPriceCents: 990, verifyTotal: true });
    const parse = (input: Record<string, unknown>) => schema.safeParse({ ...fields, ...input });
    // Without JavaScript: the page was drawn for 2 (19.80) and the shopper typed 5 before sending it.
    const changed = parse({ quantity: "5", total_amount: "19.80", total_quantity: "2" });
    expect(changed.error?.issues).toBeUndefined();
    expect(changed.data).toMatchObject({ quantity: 5, totalAmountCents: 4950 });
    // With JavaScript the browser's total follows the quantity, and says so.
    expect(parse({ quantity: "5", total_amount: "49.50", total_quantity: "5" }).data).toMatchObject({
      quantity: 5,
      totalAmountCents: 4950,
    });
    // A total of another price (the page was shown at 9.00 before the price changed): refused, saying the price of now.
    const issues = (input: Record<string, unknown>) =>
      Object.fromEntries((parse(input).error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
    expect(issues({ quantity: "5", total_amount: "18.00", total_quantity: "2" })).toEqual({
      total_amount: "purchase.errors.price_changed?price=9.90&total=49.50",
    });
    expect(issues({ quantity: "5", total_amount: "45.00", total_quantity: "5" })).toEqual({
      total_amount: "purchase.errors.price_changed?price=9.90&total=49.50",
    });
    // Not a quantity (a tampered form): the total must then be the quantity ordered's, as before the field.
    expect(issues({ quantity: "5", total_amount: "19.80", total_quantity: "x" })).toEqual({
      total_amount: "purchase.errors.total_amount_mismatch?total=49.50",
    });
  });
});

describe("creating a catalogue order", () => {
  it("refuses a total other than the items' price times quantity, and creates nothing", async () => {
    const shop = await createShop();
    const scarf = await createProduct(shop.id, { priceCents: 3900 });
    const input = {
      ...checkoutSchema(1000).parse({ ...fields, reference: "R", total_amount: "10" }),
      items: [{ productId: scarf.id, quantity: 1 }],
    };
    await expect(createOrder(shop, input, shopper)).rejects.toThrowError(ValidationError);
    expect(
      (await createOrder(shop, { ...input, totalAmountCents: 7800, items: [{ productId: scarf.id, quantity: 2 }] }, shopper))
        .totalAmountCents,
    ).toBe(7800);
    expect((await listOrders({ kind: "seller", shopId: shop.id }, orderListQuerySchema.parse({ view: "all" }))).count).toBe(1);
  });

  it("refuses an out-of-stock product with a conflict: never an order without its item", async () => {
    const shop = await createShop();
    const belt = await createProduct(shop.id, { priceCents: 3400, isInStock: false });
    const input = {
      ...checkoutSchema(1000).parse({ ...fields, reference: "R", total_amount: "34" }),
      items: [{ productId: belt.id, quantity: 1 }],
    };
    await expect(createOrder(shop, input, shopper)).rejects.toThrowError(ConflictError);
    expect((await listOrders({ kind: "seller", shopId: shop.id }, orderListQuerySchema.parse({ view: "all" }))).count).toBe(0);
  });
});
