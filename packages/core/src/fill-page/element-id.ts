// A module of its own, with no schema: the public page's small entry reads the state by this id
// before it loads anything else.

/** The id of the script element that carries the page's state as JSON. */
export const FILL_STATE_ELEMENT_ID = 'fill-state';
