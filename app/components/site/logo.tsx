import { useTranslation } from "react-i18next";
import { Link } from "react-router";

export function BrandMark({ className = "size-8" }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true">
      <defs>
        <linearGradient id="brand-gradient" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#FF0055" />
          <stop offset="1" stopColor="#D946EF" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill="url(#brand-gradient)" />
      <path d="M9 11h14l-1.5 10.5a2 2 0 0 1-2 1.5h-7a2 2 0 0 1-2-1.5L9 11z" fill="#fff" />
      <path d="M12.5 11a3.5 3.5 0 0 1 7 0" stroke="#fff" strokeWidth="2" fill="none" />
      <circle cx="16" cy="17" r="2" fill="#FF0055" />
    </svg>
  );
}

export function Logo() {
  const { t } = useTranslation();
  return (
    <Link to="/" className="flex items-center gap-2 font-bold tracking-tight" aria-label={t("nav.home")}>
      <BrandMark />
      <span className="text-lg">{t("brand.name")}</span>
    </Link>
  );
}
