import { useEffect, useState } from "react";

/**
 * Copies `text` on demand and says so for 2 s (`copied`). A refusal (no clipboard access) is
 * only logged: the text stays on screen to select by hand.
 */
export function useCopyToClipboard(text: string, what: string): { copied: boolean; copy: () => Promise<void> } {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch (error) {
      console.error(`Copying the ${what} failed`, error);
    }
  }
  return { copied, copy };
}
