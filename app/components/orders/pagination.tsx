import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { cx } from "~/lib/class-names";

/** Page-number pagination as links (shareable, no JavaScript needed). */
export function Pagination({ page, pageSize, count }: { page: number; pageSize: number; count: number }) {
  const { t } = useTranslation();
  const location = useLocation();
  const pages = Math.max(1, Math.ceil(count / pageSize));
  if (pages <= 1) return null;
  const href = (target: number) => {
    const params = new URLSearchParams(location.search);
    params.set("page", String(target));
    return `?${params.toString()}`;
  };
  // First, last, and two around the current page.
  const shown = [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, pages])]
    .filter((p) => p >= 1 && p <= pages)
    .sort((a, b) => a - b);
  return (
    <nav aria-label={t("orders.pagination")} className="mt-6 flex flex-wrap items-center justify-center gap-1">
      {page > 1 ? (
        <Link to={href(page - 1)} className="rounded-lg px-3 py-2 text-sm hover:bg-black/5" rel="prev">
          ← {t("orders.previous")}
        </Link>
      ) : null}
      {shown.map((p, index) => (
        <span key={p} className="flex items-center gap-1">
          {index > 0 && p - shown[index - 1]! > 1 ? <span aria-hidden="true">…</span> : null}
          <Link
            to={href(p)}
            aria-current={p === page ? "page" : undefined}
            aria-label={t("orders.page_n", { page: p })}
            className={cx("min-w-9 rounded-lg px-3 py-2 text-center text-sm", p === page ? "bg-slate-900 text-white" : "hover:bg-black/5")}
          >
            {p}
          </Link>
        </span>
      ))}
      {page < pages ? (
        <Link to={href(page + 1)} className="rounded-lg px-3 py-2 text-sm hover:bg-black/5" rel="next">
          {t("orders.next")} →
        </Link>
      ) : null}
    </nav>
  );
}
