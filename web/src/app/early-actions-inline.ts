/**
 * The script inlined at the top of every storefront page (the build's `inlineEarlyActions` plugin):
 * taps and forms sent before the app has taken the page over are held from the first paint, and
 * the app finds their handle here.
 */
import { captureEarlyActions } from './early-actions';

globalThis.netkartEarlyActions = captureEarlyActions(() => document.getElementById('root'));
