import { paginated, tagged } from "./endpoint.server";
import { categoryInputSchema, categoryPatchSchema, productInputSchema, productPatchSchema } from "~/schemas/catalogue-admin";
import { productListQuerySchema } from "~/schemas/catalogue";
import { stockChangeSchema } from "~/schemas/product-variants";
import { MAX_PRODUCT_OPTIONS, MAX_PRODUCT_VARIANTS } from "~/lib/stock-kinds";

const PRODUCT_REF = { $ref: "#/components/schemas/Product" };
const SELLER_PRODUCT_REF = { $ref: "#/components/schemas/SellerProduct" };
const decimal = (description: string) => ({ type: "string", pattern: "^\\d+\\.\\d{2}$", description });
const units = (description: string) => ({ type: ["integer", "null"], minimum: 0, description });

/** A variant as the API answers it (`productResource`); the seller's adds `stock`. */
const VARIANT_SCHEMA = {
  type: "object",
  required: ["id", "options", "name", "sku", "price", "stock_available", "is_in_stock"],
  properties: {
    id: { type: "integer" },
    options: {
      type: "object",
      additionalProperties: { type: "string" },
      description: 'Its value of each option, e.g. {"Size": "M", "Colour": "Blue"}',
    },
    name: { type: "string", description: 'Its values in the product\'s option order, e.g. "M / Blue"' },
    sku: { type: ["string", "null"] },
    price: { ...decimal("Its own price, replacing the product's"), type: ["string", "null"] },
    stock_available: units("Units neither sold nor held for unpaid orders; null: not counted (sells without limit)"),
    is_in_stock: { type: "boolean", description: "On sale (the product's is_in_stock switch) and a unit left, or not counted" },
  },
};

/** A product as the API answers it (`productResource`). */
const PRODUCT_SCHEMA = {
  type: "object",
  required: [
    "id",
    "name",
    "code",
    "description",
    "price",
    "price_min",
    "price_max",
    "currency",
    "featured_image",
    "is_in_stock",
    "stock_available",
    "category",
    "category_name",
    "variants",
  ],
  properties: {
    id: { type: "integer" },
    name: { type: "string" },
    code: {
      type: ["string", "null"],
      description:
        'Its short code for claims in a live\'s chat ("SOLD A7 M"): 1 to 8 letters or digits, unique in the shop whatever the case, kept in capitals; set on create and update (empty or null: none; a taken one is a 409)',
    },
    description: { type: "string" },
    price: decimal('e.g. "19.90"'),
    price_min: decimal("The lowest price of its variants (its price without options)"),
    price_max: decimal("The highest price of its variants"),
    currency: { type: "string", description: "ISO 4217, e.g. EUR" },
    featured_image: { type: ["string", "null"], format: "uri" },
    is_in_stock: {
      type: "boolean",
      description:
        "Derived: the seller's switch (sent as is_in_stock on create/update) and a unit left in one of its variants, or not counted",
    },
    stock_available: units("Units neither sold nor held, all variants together; null when one is not counted"),
    category: { type: ["string", "null"], description: "The category's slug" },
    category_name: { type: ["string", "null"] },
    variants: {
      type: "array",
      maxItems: MAX_PRODUCT_VARIANTS,
      items: VARIANT_SCHEMA,
      description: `The combinations of its options (at most ${MAX_PRODUCT_OPTIONS}, e.g. Size and Colour); [] for a product without options`,
    },
  },
};

/** The seller's view of their product (`sellerProductResource`). */
const SELLER_PRODUCT_SCHEMA = {
  ...PRODUCT_SCHEMA,
  required: [...PRODUCT_SCHEMA.required, "stock", "archived"],
  properties: {
    ...PRODUCT_SCHEMA.properties,
    stock: units("Units on hand (held ones included), all variants together; null when one is not counted"),
    archived: { type: "boolean" },
    variants: {
      ...PRODUCT_SCHEMA.properties.variants,
      items: {
        ...VARIANT_SCHEMA,
        required: [...VARIANT_SCHEMA.required, "stock"],
        properties: { ...VARIANT_SCHEMA.properties, stock: units("Units on hand; null: not counted") },
      },
    },
  },
};

/** The catalogue's resources, for the document's components. */
export const catalogueSchemas = {
  Product: PRODUCT_SCHEMA,
  SellerProduct: SELLER_PRODUCT_SCHEMA,
  StockFigures: {
    type: "object",
    required: ["variant", "stock", "stock_available", "reserved"],
    properties: {
      variant: { type: "integer", description: "The variant changed" },
      stock: { type: "integer", minimum: 0, description: "Units on hand" },
      stock_available: { type: "integer", minimum: 0, description: "Units neither sold nor held" },
      reserved: { type: "integer", minimum: 0, description: "Units held for unpaid orders and waitlist offers" },
    },
  },
};

const STOCK_RULES =
  "`stock`: the units of a product without options (null: not counted, sells without limit). `variants`: [{options, sku, price, stock}], one per combination of up to three options (every variant names the same options, each combination once, at most 100); on an update, variants are matched by their combination: the ones sent are updated (a field left out is unchanged), new ones added, missing ones removed (archived when ordered); [] removes the options. `stock` and a non-empty `variants` are refused together (400). A stock below the units held for unpaid orders is refused (409).";

/** Products and categories. */
export const catalogueEndpoints = tagged("Catalogue", [
  {
    path: "/shop/products/",
    method: "get",
    auth: "none",
    summary:
      "A shop host's live catalogue, paginated: {results, count, next, previous}, each result a Product. On the main host, the signed-in seller's own catalogue with archived products, each a SellerProduct. `available=true` keeps the products on sale with a unit left (or not counted), `available=false` the others.",
    query: productListQuerySchema.in,
    response: paginated({ oneOf: [PRODUCT_REF, SELLER_PRODUCT_REF] }),
  },
  {
    path: "/shop/products/",
    method: "post",
    auth: "seller",
    summary: `Add a product (multipart with an image, or JSON). ${STOCK_RULES}`,
    body: productInputSchema,
    multipart: true,
    status: 201,
    response: SELLER_PRODUCT_REF,
  },
  { path: "/shop/products/{id}/", method: "get", auth: "seller", summary: "One of the seller's products.", response: SELLER_PRODUCT_REF },
  {
    path: "/shop/products/{id}/",
    method: "patch",
    auth: "seller",
    summary: `Change a product: only the fields sent change. ${STOCK_RULES}`,
    body: productPatchSchema,
    multipart: true,
    response: SELLER_PRODUCT_REF,
    also: { "409": "A stock below the units held for unpaid orders" },
  },
  {
    path: "/shop/products/{id}/stock/",
    method: "post",
    auth: "seller",
    summary:
      'Add or remove units ({"variant"?, "adjust": N}, N not 0) or set the count ({"variant"?, "set": N}) of the product, or of its variant (required when it has options, refused when it has none), answered with the new figures. Setting a count on a stock not counted starts counting it. Recorded in the stock history; units that come back are offered to the waitlist.',
    body: stockChangeSchema,
    response: { $ref: "#/components/schemas/StockFigures" },
    also: { "409": "Below the units held for unpaid orders, or units added to a stock not counted" },
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
