import { describe, expect, it, vi } from "vitest";
import { RouterContextProvider } from "react-router";
import { z } from "zod";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "~/domain/errors.server";
import { formAction, formRecordId, singleFormAction, type FormActionArgs } from "~/http/forms.server";
import { i18nextMiddleware } from "~/middleware/i18n.server";

const toasts = vi.hoisted(() => [] as { type: string; message: string }[]);
vi.mock("remix-toast/middleware", async (original) => ({
  ...(await original<typeof import("remix-toast/middleware")>()),
  setToast: (_context: unknown, toast: { type: string; message: string }) => void toasts.push(toast),
}));

/** Posts `fields` (or any body) to `action` with the request's i18n instance in place, as the root middleware does. */
async function post(
  action: (args: FormActionArgs) => Promise<unknown>,
  fields: Record<string, string> | { body: BodyInit; type?: string },
  path = "/account",
) {
  const init =
    "body" in fields
      ? { body: fields.body as BodyInit, headers: fields.type ? { "Content-Type": fields.type as string } : undefined }
      : { body: new URLSearchParams(fields as Record<string, string>) };
  const request = new Request(`http://localhost:3000${path}`, { method: "POST", ...init });
  const context = new RouterContextProvider();
  let outcome: { value?: unknown; thrown?: unknown } = {};
  await i18nextMiddleware({ request, context, params: {}, unstable_pattern: "" } as never, async () => {
    try {
      outcome = { value: await action({ request, context, params: {} }) };
    } catch (thrown) {
      outcome = { thrown };
    }
    return new Response();
  });
  return outcome;
}

type DataResult = { type: "DataWithResponseInit"; data: Record<string, unknown>; init: { status?: number } | null };
const asData = (value: unknown) => value as DataResult;

const nameSchema = z.object({ name: z.string().min(2) });

describe("formAction", () => {
  const action = formAction(() => ({ userId: 7 }))({
    save: {
      errors: "form",
      handle: ({ parse, guarded }) => {
        const { name } = parse(nameSchema);
        if (name === "taken") throw new ConflictError("errors.validation", { name: ["catalogue.errors.slug_taken"] });
        if (name === "locked") throw new ValidationError("shops.customization.locked");
        if (name === "refused") throw new ForbiddenError("sellers.not_a_seller");
        if (name === "crash") throw new Error("boom");
        return { saved: name, by: guarded.userId };
      },
    },
    remove: {
      errors: "toast",
      handle: () => {
        throw new NotFoundError("catalogue.errors.product_not_found");
      },
    },
    rename: {
      errors: "message",
      handle: () => {
        throw new ValidationError("errors.validation", { slug: ["catalogue.errors.slug_taken"] });
      },
    },
  });

  it("runs the intent's handler with the guard's result", async () => {
    expect((await post(action, { intent: "save", name: "Lamp" })).value).toEqual({ saved: "Lamp", by: 7 });
  });

  it("answers an unknown or missing intent with a translated 400", async () => {
    const posts: Record<string, string>[] = [{ intent: "drop-tables" }, {}, { intent: "toString" }];
    for (const fields of posts) {
      const { thrown } = await post(action, fields);
      expect(asData(thrown).init?.status, JSON.stringify(fields)).toBe(400);
      expect(asData(thrown).data).toEqual({ message: "Unknown action." });
    }
  });

  it("answers an invalid submission with the form's 400 reply", async () => {
    const reply = asData((await post(action, { intent: "save", name: "x" })).value);
    expect(reply.init?.status).toBe(400);
    expect(reply.data.status).toBe("error");
    expect(Object.keys(reply.data.error as object)).toEqual(["name"]);
  });

  it("turns a domain error's field errors into the form's field errors, with its status", async () => {
    const reply = asData((await post(action, { intent: "save", name: "taken" })).value);
    expect(reply.init?.status).toBe(409);
    expect(reply.data.error).toEqual({ name: ["catalogue.errors.slug_taken"] });
    expect(reply.data.initialValue).toMatchObject({ name: "taken" });
  });

  it("turns a domain error without field errors into a form error", async () => {
    const reply = asData((await post(action, { intent: "save", name: "locked" })).value);
    expect(reply.init?.status).toBe(400);
    expect(reply.data.error).toEqual({ "": ["shops.customization.locked"] });
  });

  it("answers a refusal with the error page, not the form", async () => {
    const { thrown } = await post(action, { intent: "save", name: "refused" });
    expect(asData(thrown).init?.status).toBe(403);
    expect(asData(thrown).data).toEqual({ message: "Only sellers can do this." });
  });

  it("rethrows anything that is not a domain error", async () => {
    const { thrown } = await post(action, { intent: "save", name: "crash" });
    expect(thrown).toBeInstanceOf(Error);
    expect((thrown as Error).message).toBe("boom");
  });

  it("turns a domain error into a toast and back to the page when the handler asks for it", async () => {
    toasts.length = 0;
    const { value } = await post(action, { intent: "remove" }, "/dashboard/products?page=2");
    expect(value).toBeInstanceOf(Response);
    expect((value as Response).status).toBe(302);
    expect((value as Response).headers.get("Location")).toBe("/dashboard/products?page=2");
    expect(toasts).toEqual([{ type: "error", message: "This product does not exist." }]);
    // A form's own returnTo wins, if it stays on this site.
    const back = await post(action, { intent: "remove", returnTo: "/orders?page=3" });
    expect((back.value as Response).headers.get("Location")).toBe("/orders?page=3");
    const away = await post(action, { intent: "remove", returnTo: "//evil.example" }, "/orders/1");
    expect((away.value as Response).headers.get("Location")).toBe("/orders/1");
  });

  it("answers { intent, error } with the first field error when the handler shows it in place", async () => {
    const reply = asData((await post(action, { intent: "rename" })).value);
    expect(reply.init?.status).toBe(400);
    expect(reply.data).toEqual({ intent: "rename", error: "This slug is already used by another category" });
  });

  it("runs the guard before reading the form: a refused visitor never reaches a handler", async () => {
    const handle = vi.fn();
    const guarded = formAction(() => {
      throw new Response(null, { status: 302, headers: { Location: "/login?redirectTo=%2Faccount" } });
    })({ save: { errors: "form", handle } });
    const { thrown } = await post(guarded, { intent: "save", name: "Lamp" });
    expect((thrown as Response).headers.get("Location")).toBe("/login?redirectTo=%2Faccount");
    expect(handle).not.toHaveBeenCalled();
  });
});

describe("a body that is no form", () => {
  const action = formAction(() => null)({ save: { errors: "form", handle: () => ({ saved: true }) } });

  it.each([
    ["text", { body: "intent=save", type: "text/plain" }],
    ["JSON", { body: '{"intent":"save"}', type: "application/json" }],
    ["no Content-Type", { body: new TextEncoder().encode("intent=save") }],
  ])("(%s) is a 415 saying what to send", async (_label, body) => {
    const { thrown } = await post(action, body);
    expect(asData(thrown).init?.status).toBe(415);
    expect(asData(thrown).data).toEqual({ message: "Send the form as application/x-www-form-urlencoded or multipart/form-data." });
  });

  it.each([
    ["multipart without its boundary", { body: "--x\r\n", type: "multipart/form-data" }],
    [
      "cut-short multipart",
      { body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nunfinished', type: "multipart/form-data; boundary=x" },
    ],
  ])("(%s) is a 400: the form cannot be read", async (_label, body) => {
    const { thrown } = await post(action, body);
    expect(asData(thrown).init?.status).toBe(400);
    expect(asData(thrown).data).toEqual({ message: "The form data could not be read." });
  });

  it("takes a form whatever the letter case and parameters of its type", async () => {
    const { value } = await post(action, { body: "intent=save", type: "Application/X-WWW-Form-Urlencoded; charset=UTF-8" });
    expect(value).toEqual({ saved: true });
  });
});

describe("a control character in a form field", () => {
  const handle = vi.fn(() => ({ saved: true }));
  const custom = vi.fn((error: { status: number }) => ({ refused: error.status }));
  const action = formAction(() => null)({
    form: { errors: "form", handle },
    message: { errors: "message", handle },
    toast: { errors: "toast", handle },
    custom: { errors: custom, handle },
    redirecting: { errors: () => new Response(null, { status: 302, headers: { Location: "/" } }), handle },
  });

  it("is refused before the handler runs, in place: the field's error in a form", async () => {
    handle.mockClear();
    const reply = asData((await post(action, { intent: "form", name: "Ann\u0000" })).value);
    expect(reply.init?.status).toBe(400);
    expect(reply.data.error).toEqual({ name: ["validation.control_characters"] });
    expect(handle).not.toHaveBeenCalled();
  });

  it("names the field where the form shows one message, and goes through a handler's own error answer", async () => {
    const reply = asData((await post(action, { intent: "message", city: "a\tb" })).value);
    expect(reply.init?.status).toBe(400);
    expect(reply.data).toEqual({ intent: "message", error: "This field contains a control character (such as NUL), which is not allowed" });
    expect((await post(action, { intent: "custom", title: "\u001b[31m" })).value).toEqual({ refused: 400 });
  });

  it("is the error page naming the field where the form would answer with a redirect (a toast)", async () => {
    for (const intent of ["toast", "redirecting"]) {
      const { thrown } = await post(action, { intent, productId: "1\u0000" });
      expect(asData(thrown).init?.status, intent).toBe(400);
      expect(asData(thrown).data, intent).toEqual({
        message: "The field productId contains a control character (such as NUL), which is not allowed.",
      });
    }
  });

  it("is text in the fields that span lines: tab and newline, never NUL", async () => {
    handle.mockClear();
    expect((await post(action, { intent: "form", description: "One\r\n\tTwo", reason: "a\nb" })).value).toEqual({ saved: true });
    const reply = asData((await post(action, { intent: "form", description: "One\u0000" })).value);
    expect(reply.data.error).toEqual({ description: ["validation.control_characters"] });
  });
});

describe("formRecordId", () => {
  it("reads a record id as a path spells it; anything else names no record (0)", () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ a: "12", b: "0x1", c: "NaN", d: "2147483648", e: "" })) form.set(name, value);
    expect(["a", "b", "c", "d", "e", "missing"].map((name) => formRecordId(form, name))).toEqual([12, 0, 0, 0, 0, 0]);
  });
});

describe("singleFormAction", () => {
  it("needs no intent and answers domain errors through its own function", async () => {
    const action = singleFormAction(() => null)({
      errors: (error) => ({ ok: false, status: error.status }),
      handle: ({ formData }) => {
        if (formData.get("token") !== "good") throw new ValidationError("auth.verify.invalid");
        return { ok: true };
      },
    });
    expect((await post(action, { token: "good" })).value).toEqual({ ok: true });
    expect((await post(action, { token: "bad" })).value).toEqual({ ok: false, status: 400 });
  });
});
