import { useEffect } from "react";

const storageKey = (userId: number) => `onboardingCelebrated:${userId}`;

export function hasCelebrated(userId: number): boolean {
  try {
    return localStorage.getItem(storageKey(userId)) === "1";
  } catch {
    return false;
  }
}

/**
 * Confetti for 4 s, once per user, about 0.5 s after the dashboard loads with onboarding
 * complete (remembered in localStorage). The library loads only then.
 */
export function useOnboardingCelebration(userId: number, complete: boolean, onDone: () => void) {
  useEffect(() => {
    if (!complete || hasCelebrated(userId)) return;
    let cancelled = false;
    const start = setTimeout(async () => {
      const { default: confetti } = await import("canvas-confetti");
      if (cancelled) return;
      try {
        localStorage.setItem(storageKey(userId), "1");
      } catch {
        // without storage the celebration may repeat; harmless
      }
      const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      const end = Date.now() + 4000;
      const frame = () => {
        confetti({ particleCount: reduceMotion ? 2 : 6, spread: 70, origin: { x: Math.random(), y: 0.2 }, disableForReducedMotion: false });
        if (Date.now() < end && !cancelled) requestAnimationFrame(frame);
        else onDone();
      };
      frame();
    }, 500);
    return () => {
      cancelled = true;
      clearTimeout(start);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per mount
  }, [userId, complete]);
}
