// The checkout's form state (decision 016) shows errors by Conform's rule: a field shows its
// errors once validated (left, or named by a submit or the server's reply), never before.
import { describe, expect, it } from "vitest";
import { reportErrors, reportResult, type FormState } from "~/components/forms/use-deferred-validated-form";

const empty: FormState = { errors: {}, validated: {} };
const clientErrors = { full_name: ["checkout.errors.full_name"], email: ["checkout.errors.email"] };

describe("the checkout's form state", () => {
  it("shows the errors of the fields validated so far, not of the fields not yet left", () => {
    const left = reportErrors(empty, clientErrors, ["full_name"]);
    expect(left.errors).toEqual({ full_name: ["checkout.errors.full_name"] });
    const fixed = reportErrors(left, { email: ["checkout.errors.email"] }, ["full_name"]);
    expect(fixed).toEqual({ errors: {}, validated: { full_name: true } });
  });

  it("a reply validates every field it names and every error: the next check of one field keeps them shown", () => {
    const replied = reportResult(empty, {
      error: { "": ["checkout.errors.out_of_stock"], city: ["checkout.errors.city"] },
      fields: ["email", "city"],
    });
    expect(replied.errors).toEqual({ "": ["checkout.errors.out_of_stock"], city: ["checkout.errors.city"] });
    expect(replied.validated).toEqual({ "": true, city: true, email: true });
    // The browser's schema has no form error: checking a field drops the server's.
    expect(reportErrors(replied, clientErrors, ["full_name"]).errors).toEqual(clientErrors);
  });

  it("a null error keeps the one shown, a reply without errors clears them", () => {
    const shown = reportResult(empty, { error: clientErrors });
    expect(reportErrors(shown, { email: null }, []).errors).toEqual({ email: ["checkout.errors.email"] });
    expect(reportResult(shown, { error: undefined, fields: ["email"] }).errors).toEqual({});
  });
});
