import { useTranslation } from "react-i18next";
import { StockBadge } from "~/components/stock/stock-label";
import { Badge } from "~/components/ui/badge";
import { ImageIcon } from "~/components/ui/icons";
import { Skeleton } from "~/components/ui/skeleton";
import { formatMoney } from "~/lib/money";
import type { StockLabel } from "~/lib/stock-label";

export type ProductCardData = {
  id: number;
  name: string;
  description: string;
  priceCents: number;
  imageUrl: string | null;
  isInStock: boolean;
  /** What is left (issue 27): the label, and the price range of a product with options. */
  stock: { label: StockLabel; hasOptions: boolean; priceMinCents: number; priceMaxCents: number };
};

export function ProductCard({ product, currency, action }: { product: ProductCardData; currency: string; action?: React.ReactNode }) {
  const { t, i18n } = useTranslation();
  const { stock } = product;
  const price = formatMoney(stock.priceMinCents, currency, i18n.language);
  return (
    <article
      className="flex flex-col overflow-hidden rounded-xl border border-black/10 bg-white text-slate-900 shadow-sm"
      data-testid="product-card"
    >
      <div className="aspect-[4/3] bg-slate-100">
        {product.imageUrl ? (
          <img
            src={product.imageUrl}
            alt={product.name}
            width={400}
            height={300}
            loading="lazy"
            decoding="async"
            className="size-full object-cover"
          />
        ) : (
          <div
            className="flex size-full flex-col items-center justify-center gap-2 text-slate-400"
            role="img"
            aria-label={t("catalogue.no_image")}
          >
            <ImageIcon className="size-10" />
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="font-semibold leading-snug">{product.name}</h3>
        <p className="line-clamp-2 text-sm text-slate-600">{product.description}</p>
        <div className="mt-auto flex items-center justify-between gap-2 pt-2">
          <span className="text-lg font-bold" data-testid="product-price">
            {/* Variants at different prices: the lowest, "from €X". */}
            {stock.hasOptions && stock.priceMinCents !== stock.priceMaxCents ? t("stock_shop.price_from", { price }) : price}
          </span>
          {/* Switched off by the seller: "Out of stock"; counted: "Sold out", "Only 2 left"; else "In stock". */}
          {!product.isInStock ? (
            <Badge tone="neutral">{t("catalogue.out_of_stock")}</Badge>
          ) : stock.label ? (
            <StockBadge label={stock.label} />
          ) : (
            <Badge tone="success">{t("catalogue.in_stock")}</Badge>
          )}
        </div>
        {action}
      </div>
    </article>
  );
}

export function ProductCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-xl border border-black/10 bg-white" data-testid="product-skeleton">
      <Skeleton className="aspect-[4/3] rounded-none" />
      <div className="space-y-3 p-4">
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-5/6" />
        <div className="flex justify-between pt-2">
          <Skeleton className="h-6 w-16" />
          <Skeleton className="h-5 w-20 rounded-full" />
        </div>
      </div>
    </div>
  );
}
