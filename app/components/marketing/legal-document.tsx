import { useTranslation } from "react-i18next";

export type LegalSection = { title: string; body: string };

/** A legal text in a 600 px high scroll area (keyboard-scrollable: it takes focus). */
export function LegalDocument({ sectionsKey, label, updated }: { sectionsKey: string; label: string; updated: string }) {
  const { t } = useTranslation();
  const sections = t(sectionsKey, { returnObjects: true }) as LegalSection[];
  return (
    <div className="container-page max-w-4xl py-10">
      <p className="mb-4 text-sm text-muted-foreground">{updated}</p>
      <div
        role="region"
        aria-label={label}
        tabIndex={0}
        className="h-[600px] overflow-y-auto rounded-xl border border-border bg-white p-6 shadow-sm"
        data-testid="legal-scroll-area"
      >
        <ol className="space-y-8">
          {sections.map((section, index) => (
            <li key={section.title}>
              <h2 className="text-lg font-semibold">
                {index + 1}. {section.title}
              </h2>
              <p className="mt-2 leading-relaxed whitespace-pre-line text-slate-700">{section.body}</p>
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}
