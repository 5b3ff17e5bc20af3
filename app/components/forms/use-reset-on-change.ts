import { useEffect, useRef } from "react";

/**
 * A form that adds to a list shown above it (a zone, a rate, a domain) and whose post comes
 * back to the same page: the page is not drawn anew, so its fields would keep what was just
 * saved, and look unsaved. When `saved` changes (the list grew), its fields go back to their
 * defaults; the form stays in place, and so does the focus on its button (keying the form
 * instead would draw it again and drop the focus to the page's top). A refused post changes
 * nothing in the list: what was typed stays to be corrected.
 */
export function useResetOnChange(saved: string | number) {
  const form = useRef<HTMLFormElement>(null);
  const previous = useRef(saved);
  useEffect(() => {
    if (previous.current === saved) return;
    previous.current = saved;
    form.current?.reset();
  }, [saved]);
  return form;
}
