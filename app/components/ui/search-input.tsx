import type { InputHTMLAttributes } from "react";
import { SearchIcon } from "./icons";

/**
 * A search box with its magnifier inside, as the lists' filters and the catalogue show it
 * (`type="search"`, `name="search"`, 100 characters at most); the caller gives its id, label
 * and value, and its input's classes (the icon takes the left padding).
 */
export function SearchInput({
  className,
  wrapperClassName,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { wrapperClassName?: string }) {
  return (
    <div className={`relative ${wrapperClassName ?? ""}`}>
      <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
      <input type="search" name="search" maxLength={100} {...props} className={`${className ?? ""} pl-9`} />
    </div>
  );
}
