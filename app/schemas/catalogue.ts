import { z } from "./zod-messages";

export const PRODUCT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));

/** Query of the product list, shared by GET /api/v1/shop/products/ and the catalogue screen. */
export const productListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PRODUCT_PAGE_SIZE),
  categories__slug: optionalText(100),
  search: optionalText(100),
  available: z
    .enum(["true", "false", "1", "0"])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === "true" || v === "1")),
});
export type ProductListQuery = z.output<typeof productListQuerySchema>;

/** Reads the query-string parameters a schema knows (repeated keys: the last wins). */
export function searchParamsObject(params: URLSearchParams): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of params) if (value !== "") result[key] = value;
  return result;
}
