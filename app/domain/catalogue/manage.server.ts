import { and, asc, count, desc, eq, inArray, isNotNull, isNull, ne } from "drizzle-orm";
import { ConflictError, NotFoundError, ValidationError } from "~/domain/errors.server";
import { prepareProductImage } from "~/domain/shops/image-encoding.server";
import { deleteUpload, storeUpload } from "~/domain/shops/uploads.server";
import type { ProductInput, ProductPatch } from "~/schemas/catalogue-admin";
import { getDatabase, writeTransaction } from "~db/client";
import { categories, orderItems, products, type Category, type Product } from "~db/schema";

/** "Bijoux & Montres" → "bijoux-montres" */
export function slugify(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return slug || "category";
}

/* ---------------------------------------------------------------- products */

type CategoryRef = { categorySlug: string | null; categoryName: string | null };
/** A product with its category's slug and name (read in the same query). */
export type SellerProduct = Product & CategoryRef;
export type SellerProductRow = SellerProduct & { ordered: boolean };

const productWithCategory = { product: products, categorySlug: categories.slug, categoryName: categories.name };
function withCategory(row: { product: Product } & CategoryRef): SellerProduct {
  return { ...row.product, categorySlug: row.categorySlug, categoryName: row.categoryName };
}

/** Every product of the shop (archived last), with category and whether it was ever ordered. */
export function listSellerProducts(shopId: number): SellerProductRow[] {
  const db = getDatabase();
  const rows = db
    .select(productWithCategory)
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.shopId, shopId))
    .orderBy(asc(products.archivedAt), desc(products.id))
    .all();
  const ids = rows.map((r) => r.product.id);
  const ordered = new Set(
    ids.length
      ? db
          .selectDistinct({ id: orderItems.productId })
          .from(orderItems)
          .where(inArray(orderItems.productId, ids))
          .all()
          .map((r) => r.id)
      : [],
  );
  return rows.map((r) => ({ ...withCategory(r), ordered: ordered.has(r.product.id) }));
}

/** One product of the shop (archived included) with its category. */
export function getSellerProduct(shopId: number, productId: number): SellerProduct {
  const row = getDatabase()
    .select(productWithCategory)
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(products.shopId, shopId), eq(products.id, productId)))
    .get();
  if (!row) throw new NotFoundError("catalogue.errors.product_not_found");
  return withCategory(row);
}

/** The category a product input names: undefined leaves it as it is, null removes it. */
function categoryNamed(shopId: number, slug: string | null | undefined): Category | null | undefined {
  if (slug === undefined) return undefined;
  if (slug === null) return null;
  const category = getDatabase()
    .select()
    .from(categories)
    .where(and(eq(categories.shopId, shopId), eq(categories.slug, slug)))
    .get();
  if (!category) throw new ValidationError("errors.validation", { category: ["catalogue.errors.category_not_found"] });
  return category;
}

async function storeProductImage(image: Uint8Array | null): Promise<string | undefined> {
  if (!image || image.length === 0) return undefined;
  const prepared = await prepareProductImage(image);
  if (!prepared.ok) throw new ValidationError("errors.validation", { image: [prepared.error] });
  return storeUpload(prepared.bytes, prepared.extension);
}

export async function createProduct(shopId: number, input: ProductInput, image: Uint8Array | null): Promise<SellerProduct> {
  const category = categoryNamed(shopId, input.categorySlug);
  const imagePath = await storeProductImage(image);
  const product = getDatabase()
    .insert(products)
    .values({
      shopId,
      name: input.name,
      description: input.description,
      priceCents: input.priceCents,
      isInStock: input.isInStock ?? true,
      categoryId: category?.id ?? null,
      imagePath: imagePath ?? null,
    })
    .returning()
    .get();
  return { ...product, categorySlug: category?.slug ?? null, categoryName: category?.name ?? null };
}

export async function updateProduct(
  shopId: number,
  productId: number,
  input: ProductPatch,
  image: Uint8Array | null,
): Promise<SellerProduct> {
  const current = getSellerProduct(shopId, productId);
  const category = categoryNamed(shopId, input.categorySlug);
  const newImage = await storeProductImage(image);
  const imagePath = newImage ?? (input.removeImage ? null : undefined);
  const updated = getDatabase()
    .update(products)
    .set({
      name: input.name,
      description: input.description,
      priceCents: input.priceCents,
      isInStock: input.isInStock,
      categoryId: category === undefined ? undefined : (category?.id ?? null),
      imagePath,
      updatedAt: new Date(),
    })
    .where(eq(products.id, current.id))
    .returning()
    .get();
  if (imagePath !== undefined && current.imagePath !== imagePath) await deleteUpload(current.imagePath);
  const categoryRef = category === undefined ? current : { categorySlug: category?.slug ?? null, categoryName: category?.name ?? null };
  return { ...updated, categorySlug: categoryRef.categorySlug, categoryName: categoryRef.categoryName };
}

/** Deletes a product, or archives it when orders refer to it (their history stays intact). */
export async function deleteProduct(shopId: number, productId: number): Promise<{ archived: boolean }> {
  const product = getSellerProduct(shopId, productId);
  const [used] = getDatabase().select({ n: count() }).from(orderItems).where(eq(orderItems.productId, product.id)).all();
  if ((used?.n ?? 0) > 0) {
    getDatabase().update(products).set({ archivedAt: new Date(), updatedAt: new Date() }).where(eq(products.id, product.id)).run();
    return { archived: true };
  }
  getDatabase().delete(products).where(eq(products.id, product.id)).run();
  await deleteUpload(product.imagePath);
  return { archived: false };
}

/** Puts an archived product back in the catalogue. */
export function restoreProduct(shopId: number, productId: number): void {
  const product = getSellerProduct(shopId, productId);
  getDatabase()
    .update(products)
    .set({ archivedAt: null, updatedAt: new Date() })
    .where(and(eq(products.id, product.id), isNotNull(products.archivedAt)))
    .run();
}

export function countLiveProducts(shopId: number): number {
  const [row] = getDatabase()
    .select({ n: count() })
    .from(products)
    .where(and(eq(products.shopId, shopId), isNull(products.archivedAt)))
    .all();
  return row?.n ?? 0;
}

/* -------------------------------------------------------------- categories */

export function listCategoriesWithCounts(shopId: number) {
  const db = getDatabase();
  const rows = db
    .select()
    .from(categories)
    .where(eq(categories.shopId, shopId))
    .orderBy(asc(categories.position), asc(categories.name))
    .all();
  const counts = db
    .select({ categoryId: products.categoryId, n: count() })
    .from(products)
    .where(and(eq(products.shopId, shopId), isNull(products.archivedAt)))
    .groupBy(products.categoryId)
    .all();
  const byId = new Map(counts.map((c) => [c.categoryId, c.n]));
  return rows.map((c) => ({ id: c.id, slug: c.slug, name: c.name, products: byId.get(c.id) ?? 0 }));
}

function findCategory(shopId: number, slug: string) {
  const category = getDatabase()
    .select()
    .from(categories)
    .where(and(eq(categories.shopId, shopId), eq(categories.slug, slug)))
    .get();
  if (!category) throw new NotFoundError("catalogue.errors.category_not_found");
  return category;
}

/** A slug is unique per shop: an explicit one that is taken is a conflict, a derived one gets a suffix. */
export function createCategory(shopId: number, input: { name: string; slug?: string }) {
  return writeTransaction((tx) => {
    const taken = (slug: string) =>
      Boolean(
        tx
          .select({ id: categories.id })
          .from(categories)
          .where(and(eq(categories.shopId, shopId), eq(categories.slug, slug)))
          .get(),
      );
    let slug = input.slug ?? slugify(input.name);
    if (input.slug && taken(slug)) throw new ConflictError("errors.validation", { slug: ["catalogue.errors.slug_taken"] });
    for (let n = 2; taken(slug); n++) slug = `${slugify(input.name).slice(0, 55)}-${n}`;
    const [position] = tx.select({ n: count() }).from(categories).where(eq(categories.shopId, shopId)).all();
    return tx
      .insert(categories)
      .values({ shopId, name: input.name, slug, position: position?.n ?? 0 })
      .returning()
      .get();
  });
}

export function updateCategory(shopId: number, slug: string, input: { name?: string; slug?: string }) {
  const category = findCategory(shopId, slug);
  // A PATCH that changes nothing answers the category as it is.
  if (input.name === undefined && input.slug === undefined) return category;
  if (input.slug && input.slug !== category.slug) {
    const clash = getDatabase()
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.shopId, shopId), eq(categories.slug, input.slug), ne(categories.id, category.id)))
      .get();
    if (clash) throw new ConflictError("errors.validation", { slug: ["catalogue.errors.slug_taken"] });
  }
  return getDatabase()
    .update(categories)
    .set({ name: input.name, slug: input.slug })
    .where(eq(categories.id, category.id))
    .returning()
    .get();
}

/** Deleting a category keeps its products (they lose the category). */
export function deleteCategory(shopId: number, slug: string): void {
  const category = findCategory(shopId, slug);
  getDatabase().delete(categories).where(eq(categories.id, category.id)).run();
}
