import { describe, expect, it } from "vitest";
import { customizationSchema } from "~/schemas/customization";
import en from "../../locales/en/translation.json";

const english = (key: string): unknown =>
  key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);

describe("customizationSchema (form and API fields -> the shops domain's input)", () => {
  it("maps the snake_case fields to camelCase, the minimum amount to cents", () => {
    expect(
      customizationSchema.parse({
        shop_name: " Luna ",
        primary_color: "#FF0000",
        secondary_color: "",
        text_color: null,
        checkout_banner_text_en: "Hello",
        checkout_banner_text_fr: null,
        custom_css: "",
        minimum_order_amount: "12.50",
        remove_logo: "on",
      }),
    ).toEqual({
      name: "Luna",
      primaryColor: "#ff0000",
      secondaryColor: undefined,
      backgroundColor: undefined,
      textColor: undefined,
      checkoutBannerTextEn: "Hello",
      checkoutBannerTextFr: "",
      customCss: "",
      minimumOrderAmountCents: 1250,
      removeLogo: true,
    });
    expect(customizationSchema.parse({})).toMatchObject({
      name: undefined,
      customCss: undefined,
      minimumOrderAmountCents: undefined,
      removeLogo: false,
    });
  });

  it("reports bad input on the form's fields with the spec's texts", () => {
    const result = customizationSchema.safeParse({ minimum_order_amount: "4", primary_color: "nope" });
    const errors = Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), english(issue.message)]));
    expect(errors).toEqual({
      minimum_order_amount: "Minimum order amount must be at least €5",
      primary_color: english("shops.customization.color_invalid"),
    });
  });
});
