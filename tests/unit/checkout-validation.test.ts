// The browser's parse of the checkout forms (decision 014: zod/mini, without Conform's schema
// rebuilding) must answer as the server's, Conform's `parseWithZod`: the same errors under the
// same names, the same values.
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { parseForm } from "~/components/checkout/checkout-validation";
import { simulatedCardFormSchema } from "~/schemas/card-form";
import { bagCheckoutSchema, checkoutSchema } from "~/schemas/checkout-form";

const shopper = {
  full_name: "Ada Lovelace",
  email: " ADA@example.test ",
  address: "1 rue X",
  city: "Paris",
  zip_code: "75001",
  country: "france",
  phone: "0600000000",
};
const shipping: Record<string, string>[] = [
  {},
  shopper,
  { ...shopper, total_amount: "" },
  { ...shopper, total_amount: "12.50" },
  { ...shopper, total_amount: "5", reference: "a" },
  { ...shopper, total_amount: "abc", reference: "r1" },
  { ...shopper, total_amount: "99999999", content: "x" },
  { ...shopper, total_amount: "12.50", reference: "", content: " ", live_reference: "" },
  {
    full_name: "A",
    email: "nope",
    address: "",
    city: "",
    zip_code: "12",
    country: "Atlantis",
    phone: "1",
    total_amount: "20",
    reference: "a",
  },
  { ...shopper, total_amount: "20", reference: "a", shipping_rate: "" },
  { ...shopper, total_amount: "20", reference: "a", shipping_rate: "parcel" },
  { ...shopper, total_amount: "20", reference: "a", shipping_rate: "7" },
  { ...shopper, total_amount: "20", reference: "a", shipping_rate: "-1" },
  { ...shopper, total_amount: "20", reference: "a", shipping_rate: "x" },
  { ...shopper, quantity: "", total_amount: "30" },
  { ...shopper, quantity: "2", total_amount: "30" },
  { ...shopper, quantity: "3", total_amount: "45" },
  { ...shopper, quantity: "0", total_amount: "0" },
  { ...shopper, quantity: " 2 ", total_amount: "30" },
  { ...shopper, quantity: "1.5", total_amount: "15" },
  { ...shopper, quantity: "1000", total_amount: "15" },
  // The quantity the total was computed for (the page's, without JavaScript).
  { ...shopper, quantity: "3", total_amount: "15", total_quantity: "1" },
  { ...shopper, quantity: "3", total_amount: "14", total_quantity: "1" },
  { ...shopper, quantity: "3", total_amount: "45", total_quantity: "" },
  { ...shopper, quantity: "3", total_amount: "15", total_quantity: "abc" },
  {
    ...shopper,
    company_name: "x".repeat(201),
    state: "y".repeat(101),
    social_network_handle: "z".repeat(101),
    total_amount: "20",
    reference: "a",
  },
];
const cards: Record<string, string>[] = [
  {},
  { card_number: "", expiry: "", cvc: "" },
  { card_number: "4242 4242 4242 4242", expiry: "12/99", cvc: "123" },
  { card_number: "4242 4242 4242 4241", expiry: "13/99", cvc: "12" },
  { card_number: "4242424242424242", expiry: "01/20", cvc: "12345" },
  { card_number: "42", expiry: "1299", cvc: "abc" },
];

function formData(fields: Record<string, string>, intent?: string) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  if (intent) data.append("__intent__", intent);
  return data;
}

describe("the checkout's client validation answers as the server's parse", () => {
  const schemas = {
    "a live purchase": checkoutSchema(1000),
    "a catalogue purchase": checkoutSchema(2500, { unitPriceCents: 1500 }),
    "a catalogue purchase whose total is verified": checkoutSchema(1000, { unitPriceCents: 1500, verifyTotal: true }),
    "a bag": bagCheckoutSchema(1000, 2000),
    "a bag under the minimum": bagCheckoutSchema(3000, 2000),
  };
  for (const [name, schema] of Object.entries(schemas)) {
    it(`the shipping form, ${name}`, () => {
      for (const fields of shipping) {
        const server = parseWithZod(formData(fields), { schema });
        const browser = parseForm(formData(fields), schema);
        expect(browser.reply(), JSON.stringify(fields)).toEqual(server.reply());
        expect(browser.status === "success" ? browser.value : null).toEqual(server.status === "success" ? server.value : null);
      }
    });
  }

  it("the card form, and a field validated alone (blur)", () => {
    for (const fields of cards) {
      for (const intent of [undefined, JSON.stringify({ type: "validate", payload: { name: "expiry" } })]) {
        const server = parseWithZod(formData(fields, intent), { schema: simulatedCardFormSchema });
        const browser = parseForm(formData(fields, intent), simulatedCardFormSchema);
        expect(browser.reply(), JSON.stringify(fields)).toEqual(server.reply());
        expect(browser.status === "success" ? browser.value : null).toEqual(server.status === "success" ? server.value : null);
      }
    }
  });
});
