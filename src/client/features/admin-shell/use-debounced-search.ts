import { type Dispatch, type SetStateAction, useEffect, useState } from "react";

/** Typing pauses this long before a list is asked again. */
export const searchDebounceMs = 300;

/**
 * The text of a list's search box, applied to its filters (and back to page 1) once typing
 * pauses, so every keystroke does not fetch a page.
 */
export function useDebouncedSearch<F extends { search: string; page: number }>(
  setFilters: Dispatch<SetStateAction<F>>,
): [string, (text: string) => void] {
  const [searchText, setSearchText] = useState("");
  useEffect(() => {
    const handle = setTimeout(() => {
      setFilters((current) =>
        current.search === searchText.trim() ? current : { ...current, search: searchText.trim(), page: 1 },
      );
    }, searchDebounceMs);
    return () => clearTimeout(handle);
  }, [searchText, setFilters]);
  return [searchText, setSearchText];
}
