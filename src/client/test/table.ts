import { screen, within } from "@testing-library/react";

/** The one table on screen. */
export const table = () => screen.getByRole("table");

/** The row of the table whose accessible name contains `text` (read as a regular expression). */
export const tableRow = (text: string) => within(table()).getByRole("row", { name: new RegExp(text) });
