import type { ReactNode } from "react";
import { MainFooter } from "./main-footer";
import { MainHeader } from "./main-header";

export function MainShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <MainHeader />
      <main id="main" className="flex-1">
        {children}
      </main>
      <MainFooter />
    </div>
  );
}
