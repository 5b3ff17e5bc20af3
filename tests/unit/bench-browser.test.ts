import { describe, expect, it } from "vitest";
import { readForm } from "../../bench/browser.js";

describe("the benchmark's shopper reads a form as a browser submits it", () => {
  const page = `
    <form id="shipping" method="post" action="/?index">
      <input type="hidden" name="csrf" value="t0k">
      <input name="full_name">
      <select name="country" autocomplete="country"><option value="FR">France</option><option value="BE" selected="">Belgium</option></select>
      <select name="size"><option value="S">S</option><option value="M">M</option></select>
    </form>
    <input name="email" form="shipping" value="a@b.test">
    <select name="elsewhere"><option value="x">x</option></select>`;

  it("takes its inputs and its lists (the option selected, else the first), and the fields naming it", () => {
    const form = readForm(page, "shipping")!;
    expect(form.action).toBe("/?index");
    expect([...form.names].sort()).toEqual(["country", "csrf", "email", "full_name", "size"]);
    expect(form.fields).toEqual({ csrf: "t0k", email: "a@b.test", country: "BE", size: "S" });
  });

  it("has no form when the page has none of that id", () => {
    expect(readForm(page, "payment")).toBeNull();
  });
});
