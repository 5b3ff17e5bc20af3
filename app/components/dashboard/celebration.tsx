import { useEffect, useRef } from "react";

/**
 * Confetti for 4 s, about 0.5 s after the dashboard loads with onboarding complete, unless
 * the server says this user already saw it. `onStart` records it (server-side, per user);
 * `onDone` runs when the confetti ends. The library loads only when it plays.
 */
export function useOnboardingCelebration({ show, onStart, onDone }: { show: boolean; onStart: () => void; onDone: () => void }) {
  // Decided once per mount: recording the celebration revalidates the page mid-animation.
  const shouldPlay = useRef(show);
  useEffect(() => {
    if (!shouldPlay.current) return;
    let cancelled = false;
    const start = setTimeout(async () => {
      const { default: confetti } = await import("canvas-confetti");
      if (cancelled) return;
      onStart();
      const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      const end = Date.now() + 4000;
      const frame = () => {
        // A frame of the animation: its promise (the particles fading out) is not waited for.
        void confetti({
          particleCount: reduceMotion ? 2 : 6,
          spread: 70,
          origin: { x: Math.random(), y: 0.2 },
          disableForReducedMotion: false,
        });
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
  }, []);
}
