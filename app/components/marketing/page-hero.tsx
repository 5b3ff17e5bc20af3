import type { ReactNode } from "react";

export function PageHero({
  eyebrow,
  title,
  subtitle,
  children,
}: {
  eyebrow?: string;
  title: string;
  subtitle?: string;
  children?: ReactNode;
}) {
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white">
      <div className="container-page py-16 text-center">
        {eyebrow ? <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p> : null}
        <h1 className="mx-auto mt-2 max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">{title}</h1>
        {subtitle ? <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-600">{subtitle}</p> : null}
        {children}
      </div>
    </section>
  );
}
