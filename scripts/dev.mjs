// `npm run dev`: the API from the TypeScript sources, restarted when they change, and Vite's dev
// server for the storefront and the back office with hot reload. Vite passes on to the API whatever
// the built shop's server serves itself (see web/vite.config.ts). PORT moves the API (8044),
// WEB_PORT the pages (5173).
import { spawn } from 'node:child_process';

const apiPort = process.env.PORT || '8044';
const webPort = process.env.WEB_PORT || '5173';
const env = { ...process.env, PORT: apiPort, WEB_PORT: webPort, VITE_PROXY_TARGET: `http://localhost:${apiPort}` };

const children = [
  spawn('npm', ['run', 'dev', '--workspace', 'server'], { stdio: 'inherit', env }),
  spawn('npm', ['run', 'dev', '--workspace', 'web', '--', '--port', webPort, '--strictPort'], {
    stdio: 'inherit',
    env,
  }),
];
console.log(
  `\nThe shop: http://localhost:${webPort}/ · the back office: http://localhost:${webPort}/admin · the API: http://localhost:${apiPort}/api/v1 (its documentation at /api/docs)\n`,
);
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
