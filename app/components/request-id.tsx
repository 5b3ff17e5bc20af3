import { createContext, useContext } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";

/**
 * The id of the request that rendered this document (also its X-Request-Id and log lines),
 * so an error page can show it. The server provides it (entry.server); the browser reads
 * the `request-id` meta tag the document carries.
 */
const RequestIdContext = createContext<string | null>(null);
export const RequestIdProvider = RequestIdContext.Provider;

// In the browser: the document's id and the location it was rendered for.
let documentRequest: { id: string | null; locationKey: string } | undefined;

/**
 * The document's request id while the page shown is that document's; after a client-side
 * navigation the failing request was another one (its id is in its own response), so null.
 * The root layout calls this on every render, which records the document's location at hydration.
 */
export function useDocumentRequestId(): string | null {
  const serverId = useContext(RequestIdContext);
  const { key } = useLocation();
  if (typeof document === "undefined") return serverId;
  documentRequest ??= { id: document.querySelector('meta[name="request-id"]')?.getAttribute("content") || null, locationKey: key };
  return documentRequest.locationKey === key ? documentRequest.id : null;
}

/** "Reference: …" under an error, to quote to support. */
export function ErrorReference({ className }: { className?: string }) {
  const { t } = useTranslation();
  const requestId = useDocumentRequestId();
  if (!requestId) return null;
  return (
    <p className={className ?? "mt-4 text-sm break-all text-muted-foreground"} data-testid="error-reference">
      {t("server.reference", { id: requestId })}
    </p>
  );
}
