import path from 'node:path';
import { serverFolder } from './shared/server-folder.js';

/** The shop's own pictures (the demo's, the logo), served under /media/ before the merchant's MEDIA_DIR. */
export const MEDIA_DIR = path.join(serverFolder(import.meta.url), 'public/media');
