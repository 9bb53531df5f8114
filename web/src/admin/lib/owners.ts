import { isAdminApiError } from './api-client';

/** What the server says, and the page shows, when staff reach an owner's page. */
export const OWNERS_ONLY = 'Only an owner can do this.';

export const isForbidden = (error: unknown) => isAdminApiError(error) && error.status === 403;
