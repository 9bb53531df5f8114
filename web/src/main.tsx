import './lib/strict-csp';
import './index.css';
import { afterContentShown } from './app/after-content';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
// Taps and forms sent before the app has taken the page over, held since the page's head (none
// on the dev server, which has no inlined script).
const earlyActions = globalThis.netkartEarlyActions ?? {};

await afterContentShown();
// The page's code is asked for only now: its preloads wait in a <template> (see the build's
// takeOverAfterContent), and go out together so that nothing waits for what it imports.
const preloads = document.querySelector<HTMLTemplateElement>('template#take-over');
if (preloads) document.head.append(preloads.content.cloneNode(true));
const { takeOver } = await import('./app/take-over');
await takeOver(root, earlyActions);
