import './lib/strict-csp';
import './index.css';
import { afterContentShown } from './app/after-content';
import { captureEarlyActions } from './app/early-actions';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
// From the first moment: a tap or a form sent before the app has taken the page over is done then.
const earlyActions = captureEarlyActions(root);

await afterContentShown();
// The page's code is asked for only now: its preloads wait in a <template> (see the build's
// takeOverAfterContent), and go out together so that nothing waits for what it imports.
const preloads = document.querySelector<HTMLTemplateElement>('template#take-over');
if (preloads) document.head.append(preloads.content.cloneNode(true));
const { takeOver } = await import('./app/take-over');
await takeOver(root, earlyActions);
