import { and, asc, count, desc, eq, inArray, isNotNull, isNull, ne } from "drizzle-orm";
import { ConflictError, NotFoundError, ValidationError } from "~/domain/errors.server";
import { prepareProductImage } from "~/domain/shops/image-encoding.server";
import { markShopContentChanged } from "~/domain/shops/content-version.server";
import { deleteUpload, storeUpload } from "~/domain/shops/uploads.server";
import type { ProductInput, ProductPatch } from "~/schemas/catalogue-admin";
import { ascNullsFirst, getDatabase, lockRows, writeTransaction } from "~db/client";
import { isUniqueViolation } from "~db/errors";
import { insertProducts } from "~db/products";
import { categories, orderItems, products, shops, type Category, type Product } from "~db/schema";
import { lockShopsForStock, noteStockChange } from "~/domain/stock/holds.server";
import { offerFreedUnits } from "~/domain/stock/waitlist.server";
import {
  checkVariants,
  defaultVariant,
  liveVariants,
  writeVariants,
  type CheckedVariant,
  type CheckedVariants,
} from "./product-variants.server";

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
export async function listSellerProducts(shopId: number): Promise<SellerProductRow[]> {
  const db = getDatabase();
  const rows = await db
    .select(productWithCategory)
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.shopId, shopId))
    .orderBy(ascNullsFirst(products.archivedAt), desc(products.id));
  const ids = rows.map((r) => r.product.id);
  const orderedRows = ids.length
    ? await db.selectDistinct({ id: orderItems.productId }).from(orderItems).where(inArray(orderItems.productId, ids))
    : [];
  const ordered = new Set(orderedRows.map((r) => r.id));
  return rows.map((r) => ({ ...withCategory(r), ordered: ordered.has(r.product.id) }));
}

/** One product of the shop (archived included) with its category. */
export async function getSellerProduct(shopId: number, productId: number): Promise<SellerProduct> {
  const [row] = await getDatabase()
    .select(productWithCategory)
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(products.shopId, shopId), eq(products.id, productId)))
    .limit(1);
  if (!row) throw new NotFoundError("catalogue.errors.product_not_found");
  return withCategory(row);
}

/** The category a product input names: undefined leaves it as it is, null removes it. */
async function categoryNamed(shopId: number, slug: string | null | undefined): Promise<Category | null | undefined> {
  if (slug === undefined) return undefined;
  if (slug === null) return null;
  const [category] = await getDatabase()
    .select()
    .from(categories)
    .where(and(eq(categories.shopId, shopId), eq(categories.slug, slug)))
    .limit(1);
  if (!category) throw new ValidationError("errors.validation", { category: ["catalogue.errors.category_not_found"] });
  return category;
}

async function storeProductImage(image: Uint8Array | null): Promise<string | undefined> {
  if (!image || image.length === 0) return undefined;
  const prepared = await prepareProductImage(image);
  if (!prepared.ok) throw new ValidationError("errors.validation", { image: [prepared.error] });
  return storeUpload(prepared.bytes, prepared.extension);
}

/** `stock` is the stock of a product without options: with variants, each has its own. */
function checkStockInput(input: ProductPatch): CheckedVariants | null {
  if (input.stock !== undefined && input.variants?.length) {
    throw new ValidationError("variants.errors.stock_with_variants", { stock: ["variants.errors.stock_with_variants"] });
  }
  return input.variants?.length ? checkVariants(input.variants) : null;
}

/**
 * Creates a product with its stock (`stock`, not tracked when absent) or its variants, in
 * one transaction; the stock given is the first entry of its history, by `actorUserId`.
 */
export async function createProduct(
  shopId: number,
  input: ProductInput,
  image: Uint8Array | null,
  actorUserId: number | null = null,
): Promise<SellerProduct> {
  const checked = checkStockInput(input);
  const category = await categoryNamed(shopId, input.categorySlug);
  await refuseTakenCode(shopId, input.code, null);
  const imagePath = await storeProductImage(image);
  const now = new Date();
  const { product, stockSet } = await codeUnique(() =>
    writeTransaction(async (tx) => {
      const [product] = await insertProducts(tx, [
        {
          shopId,
          name: input.name,
          description: input.description,
          priceCents: input.priceCents,
          isInStock: input.isInStock ?? true,
          categoryId: category?.id ?? null,
          imagePath: imagePath ?? null,
          options: checked?.options ?? [],
          code: input.code ?? null,
        },
      ]);
      // Its one variant without options is replaced by the variants, or given the stock.
      const wanted = checked ? checked.variants : [defaultVariant(input.stock)];
      const written = await writeVariants(tx, {
        shopId,
        productId: product!.id,
        wanted,
        actorUserId,
        now,
        stockField: stockFieldOf(checked),
      });
      await noteStockChange(tx, written.live, now);
      return { product: product!, stockSet: written.stockSet };
    }),
  );
  await offerFreedUnits(stockSet, now);
  await markShopContentChanged(shopId);
  return { ...product, categorySlug: category?.slug ?? null, categoryName: category?.name ?? null };
}

/** A refused stock names the product's `stock` field, or the variant's. */
function stockFieldOf(checked: CheckedVariants | null): ((index: number) => string) | undefined {
  return checked ? undefined : () => "stock";
}

/**
 * Changes a product; with `variants`, they become the product's (matched by their
 * combination, see `writeVariants`; [] for no options), with `stock` the stock of a product
 * without options (400 for one with options: each variant has its own). A stock below the
 * units held is refused (409) and nothing is changed.
 */
export async function updateProduct(
  shopId: number,
  productId: number,
  input: ProductPatch,
  image: Uint8Array | null,
  actorUserId: number | null = null,
): Promise<SellerProduct> {
  const current = await getSellerProduct(shopId, productId);
  const checked = checkStockInput(input);
  const category = await categoryNamed(shopId, input.categorySlug);
  await refuseTakenCode(shopId, input.code, current.id);
  const newImage = await storeProductImage(image);
  const imagePath = newImage ?? (input.removeImage ? null : undefined);
  const now = new Date();
  const { updated, stockSet } = await codeUnique(() =>
    writeTransaction(async (tx) => {
      // The shop's row first, as every stock change (docs/stock.md): the save writes its
      // variants' rows and then, when a label moved, the shop's; an order holding the shop and
      // waiting for a variant deadlocked with it (PostgreSQL).
      await lockShopsForStock(tx, [shopId]);
      // Two saves of one product run one after the other: the combinations each reads stay true.
      // "No key update": an order placed meanwhile (its items' key share on the product, then
      // the shop) is not waited for under the shop's lock.
      await lockRows(tx, products, eq(products.id, current.id), "no key update");
      const [locked] = await tx.select({ options: products.options }).from(products).where(eq(products.id, current.id));
      let wanted: CheckedVariant[] | null = null;
      if (input.variants !== undefined) wanted = checked ? checked.variants : [defaultVariant(input.stock)];
      else if (input.stock !== undefined) {
        if ((locked?.options.length ?? 0) > 0)
          throw new ValidationError("errors.validation", { stock: ["variants.errors.stock_has_options"] });
        wanted = [defaultVariant(input.stock)];
      }
      const [updated] = await tx
        .update(products)
        .set({
          name: input.name,
          description: input.description,
          priceCents: input.priceCents,
          isInStock: input.isInStock,
          categoryId: category === undefined ? undefined : (category?.id ?? null),
          imagePath,
          options: input.variants === undefined ? undefined : (checked?.options ?? []),
          code: input.code,
          updatedAt: now,
        })
        .where(eq(products.id, current.id))
        .returning();
      let stockSet: number[] = [];
      let live: number[];
      if (wanted) {
        const written = await writeVariants(tx, {
          shopId,
          productId: current.id,
          wanted,
          actorUserId,
          now,
          stockField: stockFieldOf(checked),
        });
        stockSet = written.stockSet;
        live = written.live;
      } else {
        live = (await liveVariants(tx, current.id)).map((v) => v.id);
      }
      // The labels follow the seller's switch and prices too.
      await noteStockChange(tx, live, now);
      return { updated: updated!, stockSet };
    }),
  );
  await offerFreedUnits(stockSet, now);
  await markShopContentChanged(shopId);
  if (imagePath !== undefined && current.imagePath !== imagePath) await deleteUpload(current.imagePath);
  const categoryRef = category === undefined ? current : { categorySlug: category?.slug ?? null, categoryName: category?.name ?? null };
  return { ...updated, categorySlug: categoryRef.categorySlug, categoryName: categoryRef.categoryName };
}

/** A code another product of the shop has (archived ones too: the index is the shop's) is refused, naming the field (409). */
async function refuseTakenCode(shopId: number, code: string | null | undefined, productId: number | null): Promise<void> {
  if (!code) return;
  const [other] = await getDatabase()
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.shopId, shopId), eq(products.code, code), productId === null ? undefined : ne(products.id, productId)))
    .limit(1);
  if (other) throw codeTakenError();
}

const codeTakenError = () => new ConflictError("errors.validation", { code: ["catalogue.errors.code_taken"] });

/** Whether a unique violation is the code's index's (PostgreSQL names the index, SQLite the columns). */
function namesCodeIndex(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const detail = (current as Error & { constraint_name?: string }).constraint_name ?? "";
    if (/products_shop_code_uq|products\.code/.test(`${current.message} ${detail}`)) return true;
    current = current.cause;
  }
  return false;
}

/** Two saves giving one code at once: the shop's unique index refuses the second, answered as a taken code. */
async function codeUnique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error) && namesCodeIndex(error)) throw codeTakenError();
    throw error;
  }
}

/** Deletes a product, or archives it when orders refer to it (their history stays intact). */
export async function deleteProduct(shopId: number, productId: number): Promise<{ archived: boolean }> {
  const product = await getSellerProduct(shopId, productId);
  // Counted and deleted in one transaction, the product's row locked (an order placed meanwhile
  // holds it from its items' insert to its commit): else an order placed between the count and
  // the delete lost its product and its held units.
  const archived = await writeTransaction(async (tx) => {
    await lockRows(tx, products, eq(products.id, product.id));
    const [used] = await tx.select({ n: count() }).from(orderItems).where(eq(orderItems.productId, product.id));
    if ((used?.n ?? 0) > 0) {
      await tx.update(products).set({ archivedAt: new Date(), updatedAt: new Date() }).where(eq(products.id, product.id));
      return true;
    }
    await tx.delete(products).where(eq(products.id, product.id));
    return false;
  });
  await markShopContentChanged(shopId);
  if (archived) return { archived: true };
  await deleteUpload(product.imagePath);
  return { archived: false };
}

/** Puts an archived product back in the catalogue. */
export async function restoreProduct(shopId: number, productId: number): Promise<void> {
  const product = await getSellerProduct(shopId, productId);
  await getDatabase()
    .update(products)
    .set({ archivedAt: null, updatedAt: new Date() })
    .where(and(eq(products.id, product.id), isNotNull(products.archivedAt)));
  await markShopContentChanged(shopId);
}

export async function countLiveProducts(shopId: number): Promise<number> {
  const [row] = await getDatabase()
    .select({ n: count() })
    .from(products)
    .where(and(eq(products.shopId, shopId), isNull(products.archivedAt)));
  return row?.n ?? 0;
}

/* -------------------------------------------------------------- categories */

export async function listCategoriesWithCounts(shopId: number) {
  const db = getDatabase();
  const rows = await db
    .select()
    .from(categories)
    .where(eq(categories.shopId, shopId))
    .orderBy(asc(categories.position), asc(categories.name));
  const counts = await db
    .select({ categoryId: products.categoryId, n: count() })
    .from(products)
    .where(and(eq(products.shopId, shopId), isNull(products.archivedAt)))
    .groupBy(products.categoryId);
  const byId = new Map(counts.map((c) => [c.categoryId, c.n]));
  return rows.map((c) => ({ id: c.id, slug: c.slug, name: c.name, products: byId.get(c.id) ?? 0 }));
}

async function findCategory(shopId: number, slug: string) {
  const [category] = await getDatabase()
    .select()
    .from(categories)
    .where(and(eq(categories.shopId, shopId), eq(categories.slug, slug)))
    .limit(1);
  if (!category) throw new NotFoundError("catalogue.errors.category_not_found");
  return category;
}

/** A slug is unique per shop: an explicit one that is taken is a conflict, a derived one gets a suffix. */
export async function createCategory(shopId: number, input: { name: string; slug?: string }): Promise<Category> {
  return writeTransaction(async (tx) => {
    // Categories of one shop are created one at a time: a slug checked free stays free.
    await lockRows(tx, shops, eq(shops.id, shopId));
    const taken = async (slug: string) => {
      const found = await tx
        .select({ id: categories.id })
        .from(categories)
        .where(and(eq(categories.shopId, shopId), eq(categories.slug, slug)))
        .limit(1);
      return found.length > 0;
    };
    let slug = input.slug ?? slugify(input.name);
    if (input.slug && (await taken(slug))) throw new ConflictError("errors.validation", { slug: ["catalogue.errors.slug_taken"] });
    for (let n = 2; await taken(slug); n++) slug = `${slugify(input.name).slice(0, 55)}-${n}`;
    const [position] = await tx.select({ n: count() }).from(categories).where(eq(categories.shopId, shopId));
    const [created] = await tx
      .insert(categories)
      .values({ shopId, name: input.name, slug, position: position?.n ?? 0 })
      .returning();
    await markShopContentChanged(shopId);
    return created!;
  });
}

export async function updateCategory(shopId: number, slug: string, input: { name?: string; slug?: string }): Promise<Category> {
  const category = await findCategory(shopId, slug);
  // A PATCH that changes nothing answers the category as it is.
  if (input.name === undefined && input.slug === undefined) return category;
  const db = getDatabase();
  if (input.slug && input.slug !== category.slug) {
    const [clash] = await db
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.shopId, shopId), eq(categories.slug, input.slug), ne(categories.id, category.id)))
      .limit(1);
    if (clash) throw new ConflictError("errors.validation", { slug: ["catalogue.errors.slug_taken"] });
  }
  const [updated] = await db
    .update(categories)
    .set({ name: input.name, slug: input.slug })
    .where(eq(categories.id, category.id))
    .returning()
    .catch((error: unknown) => {
      // Taken by another request between the check and this write.
      if (isUniqueViolation(error)) throw new ConflictError("errors.validation", { slug: ["catalogue.errors.slug_taken"] });
      throw error;
    });
  await markShopContentChanged(shopId);
  return updated!;
}

/** Deleting a category keeps its products (they lose the category). */
export async function deleteCategory(shopId: number, slug: string): Promise<void> {
  const category = await findCategory(shopId, slug);
  await getDatabase().delete(categories).where(eq(categories.id, category.id));
  await markShopContentChanged(shopId);
}
