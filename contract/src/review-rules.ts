/** A review's limits. No schema here: the product page's first load reads them. */

export const REVIEW_TITLE_MAX = 120;
export const REVIEW_TEXT_MAX = 4000;
export const REVIEWS_PAGE_SIZE = 10;
