import regularFont from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2?url';

/**
 * The shop's own copy of Noto Sans Devanagari (regular weight, Devanagari letters only), which
 * Hindi pages preload: the same file index.css's @font-face names, so the browser asks for it once.
 */
export const DEVANAGARI_FONT_URL: string = regularFont;
