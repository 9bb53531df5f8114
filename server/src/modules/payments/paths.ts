import { apiRoute } from '../../http/paths.js';

/** A provider's address under /api/v1/payments/{name}/: its callback, its webhook, its hosted pages. */
export const providerRoute = (provider: string, path: string) => apiRoute(`/payments/${provider}/${path}`);
