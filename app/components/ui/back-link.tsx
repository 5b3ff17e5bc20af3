import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonClasses } from "./button";

/** "← Back to ..." above a page's title: a small ghost button aligned with the text below it. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={buttonClasses("ghost", "sm", "-ml-3")}>
      ← {children}
    </Link>
  );
}
