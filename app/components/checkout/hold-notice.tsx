import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useRevalidator } from "react-router";
import { useHydrated } from "~/components/hydrated";
import { Alert } from "~/components/ui/alert";
import { ClockIcon } from "~/components/ui/icons";
import { useInstantFormat } from "~/components/ui/local-time";

/** The payment step's hold (`orderHoldState`), as the page data carries it. */
export type HoldNoticeData = { until: string; state: "held" | "lapsed" | "sold_out" };

/** "4:07" from milliseconds. */
function minutesSeconds(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/**
 * The payment step says how long the units are the shopper's (issue 27): "We keep it for you
 * until 20:14", in the reader's time zone once the page runs (UTC before, and without
 * JavaScript), with a live countdown; when it reaches zero the page asks the server again.
 * After the end: units are still left (paying takes them again), or they are gone.
 */
export function HoldNotice({ hold }: { hold: HoldNoticeData }) {
  const { t } = useTranslation();
  const formatInstant = useInstantFormat();
  // Node's and the browser's ICU may space a time differently: the text is the browser's right after hydration.
  const text = (key: string) => <span suppressHydrationWarning>{t(key, { time: formatInstant(hold.until, "time") })}</span>;
  if (hold.state === "sold_out") {
    return (
      <div data-testid="hold-sold-out">
        <Alert tone="warning" title={t("stock_shop.label.sold_out")}>
          <p>{text("stock_shop.hold.sold_out")}</p>
          <Link to="/products" className="mt-2 inline-block font-medium underline">
            {t("purchase.back_to_catalogue")}
          </Link>
        </Alert>
      </div>
    );
  }
  if (hold.state === "lapsed") {
    return (
      <div data-testid="hold-lapsed">
        <Alert tone="info">{text("stock_shop.hold.lapsed")}</Alert>
      </div>
    );
  }
  return (
    <p
      className="flex flex-wrap items-center gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
      data-testid="hold-notice"
    >
      <ClockIcon className="size-4 shrink-0" />
      {text("stock_shop.hold.until")}
      <Countdown until={hold.until} />
    </p>
  );
}

/** Minutes and seconds left, with JavaScript only; at zero the page data is asked again (the hold's new state). */
function Countdown({ until }: { until: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const end = Date.parse(until);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const over = now >= end;
  const asked = useRef(false);
  useEffect(() => {
    // Once: a browser clock ahead of the server's would otherwise ask again and again.
    if (!over || asked.current) return;
    asked.current = true;
    void revalidator.revalidate();
  }, [over, revalidator]);
  // Its room is kept from the server's page on: text appearing at hydration would wrap on a
  // phone and push the card form down as the shopper reaches for it.
  if (!hydrated) {
    return (
      <span className="invisible font-semibold tabular-nums" aria-hidden="true">
        {t("stock_shop.hold.left", { time: "00:00" })}
      </span>
    );
  }
  if (over) return null;
  // A clock read out every second would be noise: screen readers get the end time beside it.
  return (
    <span className="font-semibold tabular-nums" aria-hidden="true" data-testid="hold-countdown">
      {t("stock_shop.hold.left", { time: minutesSeconds(end - now) })}
    </span>
  );
}
