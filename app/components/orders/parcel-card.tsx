import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useHydrated } from "~/components/hydrated";
import { LocalTime } from "~/components/ui/local-time";
import { Table } from "~/components/ui/table";
import type { ParcelView } from "~/domain/orders/parcels.server";
import { ShipForm, type ShipFormResult } from "./ship-form";

/**
 * One parcel to ship: who and where, its orders, its packing list (items with variant, SKU
 * and quantity, summed over its orders) and the form that ships it in one go. `printPage`:
 * the parcel's own page, which prints the list alone (app.css) and offers a print button.
 */
export function ParcelCard({
  parcel,
  printPage = false,
  shipResult,
  headingLevel: Heading = "h2",
}: {
  parcel: ParcelView;
  printPage?: boolean;
  shipResult?: ShipFormResult | null;
  headingLevel?: "h1" | "h2";
}) {
  const { t } = useTranslation();
  // The print button needs JavaScript; without it the browser's own Print prints the list alone.
  const hydrated = useHydrated();
  const address = [parcel.companyName, parcel.address, [parcel.zipCode, parcel.city].join(" "), parcel.state, parcel.country].filter(
    (line) => line.trim(),
  );
  return (
    <article
      className="space-y-4 rounded-xl border border-black/10 bg-white p-4 text-slate-900 shadow-sm sm:p-6"
      data-packing-list={printPage ? "" : undefined}
      data-testid="parcel"
      aria-labelledby={`parcel-${parcel.id}-title`}
    >
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <Heading id={`parcel-${parcel.id}-title`} className={Heading === "h1" ? "text-2xl font-bold" : "text-xl font-semibold"}>
          {t("parcels.parcel", { id: parcel.id })}
        </Heading>
        <p className="text-sm text-slate-600">
          {t("parcels.orders_count", { count: parcel.orders.length })}
          {parcel.liveTitle ? <> · {t("parcels.live", { title: parcel.liveTitle })}</> : null}
        </p>
      </header>
      <div className="grid gap-4 sm:grid-cols-2">
        <section aria-labelledby={`parcel-${parcel.id}-address`}>
          <h3 id={`parcel-${parcel.id}-address`} className="text-sm font-semibold">
            {t("parcels.address")}
          </h3>
          <address className="mt-1 text-sm not-italic">
            <span className="font-medium">{parcel.fullName}</span>
            {address.map((line) => (
              <span key={line} className="block break-words">
                {line}
              </span>
            ))}
            <span className="block break-all">{parcel.email}</span>
            {parcel.phone ? <span className="block">{parcel.phone}</span> : null}
          </address>
        </section>
        <section aria-labelledby={`parcel-${parcel.id}-orders`}>
          <h3 id={`parcel-${parcel.id}-orders`} className="text-sm font-semibold">
            {t("parcels.orders")}
          </h3>
          <ul className="mt-1 space-y-1 text-sm">
            {parcel.orders.map((order) => (
              <li key={order.id} className="flex flex-wrap gap-x-2">
                <Link to={`/orders/${order.id}`} className="font-medium underline">
                  #{order.number}
                </Link>
                <LocalTime value={order.createdAt} format="dateTime" className="text-slate-500" />
              </li>
            ))}
          </ul>
        </section>
      </div>
      <Table
        caption={t("parcels.packing_list")}
        testId="packing-list"
        rows={parcel.lines}
        rowKey={(line) => line.key}
        columns={[
          { header: t("parcels.columns.item"), cell: (line) => line.name, className: "py-2 font-medium" },
          { header: t("parcels.columns.variant"), cell: (line) => line.variantName || "—", className: "py-2" },
          { header: t("parcels.columns.sku"), cell: (line) => line.sku || "—", className: "py-2 font-mono" },
          { header: t("parcels.columns.quantity"), cell: (line) => line.quantity, align: "right", className: "py-2 tabular-nums" },
          { header: t("parcels.columns.orders"), cell: (line) => line.orderNumbers.map((n) => `#${n}`).join(", "), className: "py-2" },
        ]}
      />
      <div data-print-hidden="" className="space-y-4">
        {printPage && hydrated ? (
          <button type="button" className="text-sm font-medium underline" onClick={() => window.print()} data-testid="print-packing-list">
            {t("parcels.print_now")}
          </button>
        ) : printPage ? null : (
          <Link to={`/orders/parcels/${parcel.id}`} className="inline-block text-sm font-medium underline">
            {t("parcels.print")}
          </Link>
        )}
        <ShipForm
          action={`/orders/parcels/${parcel.id}`}
          title={t("parcels.ship_title", { id: parcel.id })}
          submitLabel={t("parcels.ship_submit")}
          returnTo="/orders/parcels"
          pageResult={shipResult}
          testId="parcel-ship-form"
        />
      </div>
    </article>
  );
}
