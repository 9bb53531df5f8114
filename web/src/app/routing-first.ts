/**
 * Imported by the take-over on its own, before the shop's modules: it brings the router and the
 * query cache (their chunk), so that they are evaluated in a task of their own. Only what the shop
 * uses anyway is named here, so the import keeps nothing else of either package in the build.
 */

export { QueryClient } from '@tanstack/react-query';
export { createBrowserRouter } from 'react-router';
