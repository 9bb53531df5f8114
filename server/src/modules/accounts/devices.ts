/**
 * A short name of the device a session was opened on ("Chrome on Android"), read from its
 * User-Agent, for the shopper's list of sessions. Only the main browsers and systems are known;
 * the rest reads as '' ("Unknown device" to the shopper). Never used to decide anything.
 */

/** Checked in order: browsers that also say "Chrome" or "Safari" come before them. */
const BROWSERS: readonly [pattern: RegExp, name: string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bUCBrowser\//, 'UC Browser'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: readonly [pattern: RegExp, name: string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'Mac'],
  [/\bLinux\b/, 'Linux'],
];

/** Longer User-Agents are cut before reading: a made-up header costs no more than a real one. */
const READ_AT_MOST = 512;

export function deviceOf(userAgent: string | undefined): string {
  if (!userAgent) return '';
  const text = userAgent.slice(0, READ_AT_MOST);
  const browser = BROWSERS.find(([pattern]) => pattern.test(text))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(text))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? '';
}
