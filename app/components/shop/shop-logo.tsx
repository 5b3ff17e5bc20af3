import { StoreIcon } from "~/components/ui/icons";

/** The shop's logo, or a default mark in the shop's primary colour. */
export function ShopLogo({ logoUrl, name, className = "size-10" }: { logoUrl: string | null; name: string; className?: string }) {
  if (logoUrl) return <img src={logoUrl} alt="" className={`${className} rounded-lg object-contain`} />;
  return (
    <span
      aria-hidden="true"
      className={`${className} flex items-center justify-center rounded-lg`}
      style={{ backgroundColor: "var(--shop-primary, #FF0055)", color: "var(--shop-on-primary, #000000)" }}
      title={name}
    >
      <StoreIcon className="size-5" />
    </span>
  );
}
