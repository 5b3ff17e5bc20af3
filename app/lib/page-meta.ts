import type { MetaDescriptor } from "react-router";

/** Page metadata fields of spec section 1. */
export type PageMeta = {
  title: string;
  description: string;
  keywords?: string;
  image?: string;
  url?: string;
  type?: string;
  author?: string;
  structuredData?: Record<string, unknown>;
};

export const DEFAULT_SHARE_IMAGE = "/og-image.jpg";
export const ACCEPTED_CURRENCIES = ["EUR", "USD", "GBP"] as const;
export const PAYMENT_TYPES = ["Credit Card", "Debit Card", "PayPal", "Apple Pay", "Google Pay"] as const;

export function metaDescriptors(meta: PageMeta | undefined): MetaDescriptor[] {
  if (!meta) return [];
  const descriptors: MetaDescriptor[] = [
    { title: meta.title },
    { name: "description", content: meta.description },
    { property: "og:title", content: meta.title },
    { property: "og:description", content: meta.description },
    { property: "og:type", content: meta.type ?? "website" },
    { name: "twitter:card", content: "summary_large_image" },
  ];
  if (meta.keywords) descriptors.push({ name: "keywords", content: meta.keywords });
  if (meta.author) descriptors.push({ name: "author", content: meta.author });
  if (meta.image) descriptors.push({ property: "og:image", content: meta.image });
  if (meta.url) {
    descriptors.push({ property: "og:url", content: meta.url });
    descriptors.push({ tagName: "link", rel: "canonical", href: meta.url });
  }
  if (meta.structuredData) descriptors.push({ "script:ld+json": meta.structuredData });
  return descriptors;
}
