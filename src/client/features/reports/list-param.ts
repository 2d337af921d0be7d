/** The open list lives in ?list= beside ?tab=lists. Its own module so the dashboard can clear it without loading the tab. */
export const listParam = "list";
