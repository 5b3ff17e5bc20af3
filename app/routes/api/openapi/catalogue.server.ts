import { tagged } from "./endpoint.server";
import { categoryInputSchema, categoryPatchSchema, productInputSchema, productPatchSchema } from "~/schemas/catalogue-admin";
import { productListQuerySchema } from "~/schemas/catalogue";

/** Products and categories. */
export const catalogueEndpoints = tagged("Catalogue", [
  {
    path: "/shop/products/",
    method: "get",
    auth: "none",
    summary:
      "A shop host's live catalogue, paginated: {results, count, next, previous}. On the main host, the signed-in seller's own catalogue with archived products (archived: true).",
    query: productListQuerySchema.in,
  },
  {
    path: "/shop/products/",
    method: "post",
    auth: "seller",
    summary: "Add a product (multipart with an image, or JSON).",
    body: productInputSchema,
    multipart: true,
    status: 201,
  },
  { path: "/shop/products/{id}/", method: "get", auth: "seller", summary: "One of the seller's products." },
  {
    path: "/shop/products/{id}/",
    method: "patch",
    auth: "seller",
    summary: "Change a product.",
    body: productPatchSchema,
    multipart: true,
  },
  {
    path: "/shop/products/{id}/",
    method: "delete",
    auth: "seller",
    summary: "Delete a product (archived instead when it was ordered).",
    status: 204,
    also: { "200": "Archived instead: {archived: true}" },
  },
  {
    path: "/shop/categories/",
    method: "get",
    auth: "none",
    summary: "A shop host's categories; on the main host, the signed-in seller's own.",
  },
  {
    path: "/shop/categories/",
    method: "post",
    auth: "seller",
    summary: "Add a category (slug unique per shop).",
    body: categoryInputSchema,
    status: 201,
    also: { "409": "Slug taken" },
  },
  {
    path: "/shop/categories/{slug}/",
    method: "patch",
    auth: "seller",
    summary: "Rename a category or change its slug.",
    body: categoryPatchSchema,
    also: { "409": "Slug taken" },
  },
  {
    path: "/shop/categories/{slug}/",
    method: "delete",
    auth: "seller",
    summary: "Delete a category (its products stay).",
    status: 204,
  },
]);
