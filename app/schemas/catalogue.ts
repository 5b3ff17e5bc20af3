import { z } from "./zod-messages";

export const PRODUCT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
/** Without JavaScript the catalogue's "Load more" asks for ?page=N and gets pages 1..N: the cap on N. */
export const MAX_CATALOGUE_PAGES = 50;
const MAX_FILTER_LENGTH = 100;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));

/** The filters of a product list, in the API's names (spec section 7). */
const productListFields = {
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PRODUCT_PAGE_SIZE),
  categories__slug: optionalText(MAX_FILTER_LENGTH),
  search: optionalText(MAX_FILTER_LENGTH),
  available: z
    .enum(["true", "false", "1", "0"])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === "true" || v === "1")),
};

/** A product list query as the catalogue domain takes it. */
export type ProductListQuery = {
  page: number;
  pageSize: number;
  categorySlug: string | undefined;
  search: string | undefined;
  available: boolean | undefined;
};

/** GET /api/v1/shop/products/: a bad value is a 400 naming the field; the API names stop here. */
export const productListQuerySchema = z.object(productListFields).transform((q): ProductListQuery => ({
  page: q.page,
  pageSize: q.page_size,
  categorySlug: q.categories__slug,
  search: q.search,
  available: q.available,
}));

/** A filter text the API would refuse for its length is cut to the length, as the search box does. */
const clippedText = productListFields.search.catch(({ value }) =>
  typeof value === "string" ? value.trim().slice(0, MAX_FILTER_LENGTH) || undefined : undefined,
);

/**
 * The shop's /products screen reads the same fields (its links say `category` for
 * `categories__slug`, and use the API's page size), but a screen answers whatever is in
 * the address bar: a value the API would refuse falls back to its default, and the page
 * is capped at MAX_CATALOGUE_PAGES.
 */
export const catalogueScreenQuerySchema = z
  .object({
    page: productListFields.page.catch(1).transform((page) => Math.min(page, MAX_CATALOGUE_PAGES)),
    category: clippedText,
    search: clippedText,
  })
  .transform((q): ProductListQuery => ({
    page: q.page,
    pageSize: PRODUCT_PAGE_SIZE,
    categorySlug: q.category,
    search: q.search,
    available: undefined,
  }));

/** Reads the query-string parameters a schema knows (repeated keys: the last wins). */
export function searchParamsObject(params: URLSearchParams): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of params) if (value !== "") result[key] = value;
  return result;
}
