import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { intlLocale } from "~/lib/languages";

const noSubscription = () => () => {};

/** False on the server and during hydration, true afterwards (and for pages mounted later). */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

export type InstantFormat = "date" | "dateTime" | "longDateTime" | "time";

const FORMATS: Record<InstantFormat, Intl.DateTimeFormatOptions> = {
  date: { year: "numeric", month: "short", day: "numeric" },
  // The time of day alone (a hold's end, minutes away).
  time: { hour: "numeric", minute: "2-digit" },
  dateTime: { year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" },
  longDateTime: { year: "numeric", month: "long", day: "numeric", hour: "numeric", minute: "2-digit" },
};

/**
 * Formats instants (ISO strings) in the reader's time zone. The server cannot know it, so the
 * server and the hydrating browser both render UTC (times labelled "UTC"); the browser then
 * re-renders in local time. Without JavaScript the UTC text stays.
 */
export function useInstantFormat(): (iso: string, format: InstantFormat) => string {
  const { i18n } = useTranslation();
  const hydrated = useHydrated();
  const locale = intlLocale(i18n.language);
  return (iso, format) => {
    const options: Intl.DateTimeFormatOptions = hydrated
      ? FORMATS[format]
      : { ...FORMATS[format], timeZone: "UTC", ...(format === "date" ? {} : { timeZoneName: "short" }) };
    return new Intl.DateTimeFormat(locale, options).format(new Date(iso));
  };
}

/** An instant as a <time> element, in the reader's time zone once the page is hydrated. */
export function LocalTime({ value, format, className }: { value: string; format: InstantFormat; className?: string }) {
  const formatInstant = useInstantFormat();
  return (
    // Node's and the browser's ICU may space a time differently; the text is replaced right after hydration anyway.
    <time dateTime={value} className={className} suppressHydrationWarning>
      {formatInstant(value, format)}
    </time>
  );
}
