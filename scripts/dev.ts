/**
 * `npm run dev`: the API with reload on change (port 8080, or API_PORT) and the Vite dev server, which proxies
 * /api, /art and the health endpoints to it. Ctrl-C stops both.
 */
import { spawn } from 'node:child_process';
import { API_NODE_FLAGS } from '../apps/api/src/node-flags.ts';

const apiPort = process.env.API_PORT ?? '8080';
const children = [
  spawn(process.execPath, ['--watch', ...API_NODE_FLAGS, 'apps/api/src/server.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort },
  }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], {
    stdio: 'inherit',
    env: { ...process.env, API_ORIGIN: `http://127.0.0.1:${apiPort}` },
  }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    if (code) process.exitCode = code;
    stop();
  });
