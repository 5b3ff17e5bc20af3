import { describe, expect, it } from "vitest";
import { caretAfterDigits, formatCardNumber, formatExpiry, isExpired, parseExpiry, passesLuhn } from "~/lib/card-format";
import { simulatedCardFormSchema } from "~/schemas/payments";

describe("card input formats", () => {
  it("groups the card number by four as typed", () => {
    expect(formatCardNumber("4242424242424242")).toBe("4242 4242 4242 4242");
    expect(formatCardNumber("42424")).toBe("4242 4");
    expect(formatCardNumber("4242-4242 42")).toBe("4242 4242 42");
    expect(formatCardNumber("4242 ")).toBe("4242");
  });

  it("adds the expiry's slash", () => {
    expect(formatExpiry("1230")).toBe("12/30");
    expect(formatExpiry("123")).toBe("12/3");
    expect(formatExpiry("12", true)).toBe("12/");
    // Deleting the slash does not bring it back.
    expect(formatExpiry("12", false)).toBe("12");
    expect(formatExpiry("12/30")).toBe("12/30");
  });

  it("reads the expiry with or without its slash", () => {
    expect(parseExpiry("1230")).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry("12 / 2030")).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry("1330")).toBeNull();
    expect(parseExpiry("123")).toBeNull();
    expect(isExpired({ month: 1, year: 2020 }, new Date("2026-06-01"))).toBe(true);
    expect(isExpired({ month: 6, year: 2026 }, new Date("2026-06-30"))).toBe(false);
  });

  it("keeps the caret after the same digit", () => {
    expect(caretAfterDigits("4242 4242", 5)).toBe(6);
    expect(caretAfterDigits("12/30", 2)).toBe(2);
  });

  it("the form schema accepts 1230 and checks the number's check digit", () => {
    const parsed = simulatedCardFormSchema.parse({ card_number: "4242 4242 4242 4242", expiry: "1230", cvc: "123" });
    expect(parsed.expiry).toEqual({ month: 12, year: 2030 });
    expect(passesLuhn("4000 0000 0000 0002")).toBe(true);
    expect(
      simulatedCardFormSchema.safeParse({ card_number: "4242 4242 4242 4241", expiry: "12/30", cvc: "123" }).error?.issues[0]?.message,
    ).toBe("payments.card.number_invalid");
  });
});
