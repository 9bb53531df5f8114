/** A PIN code's form. No schema here: the product page's first load reads it. */

/** A PIN code as India Post writes it: 6 digits, the first not 0. */
export const PINCODE_PATTERN = /^[1-9][0-9]{5}$/;
