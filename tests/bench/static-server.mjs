// Serves one file's exact bytes as the "static copy" reference: nginx when installed, else a
// bare node:http server in its own process.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startProcess, waitForHttp, waitForLine } from './processes.mjs';

const NGINX = '/usr/sbin/nginx';
const here = path.dirname(fileURLToPath(import.meta.url));

/** Returns { url, kind, stop() } for a server answering `body` with `contentType` at url. */
export async function startStaticServer(body, contentType) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-static-'));
  // nginx workers started by root run as nobody; they must be able to read the file.
  chmodSync(dir, 0o755);
  const www = path.join(dir, 'www');
  mkdirSync(www, { mode: 0o755 });
  writeFileSync(path.join(www, 'page.html'), body, { mode: 0o644 });
  const cleanup = () => rmSync(dir, { recursive: true, force: true });

  try {
    if (existsSync(NGINX)) {
      const port = await freePort();
      writeFileSync(path.join(dir, 'nginx.conf'), nginxConfig(dir, www, port, contentType));
      const handle = startProcess('nginx', NGINX, [
        '-p',
        dir,
        '-c',
        path.join(dir, 'nginx.conf'),
        '-e',
        path.join(dir, 'error.log'),
      ]);
      const url = `http://127.0.0.1:${port}/page.html`;
      await waitForHttp(handle, url, 10_000);
      return {
        url,
        kind: 'nginx (1 worker)',
        stop: async () => (await handle.stop('SIGQUIT'), cleanup()),
      };
    }
    const handle = startProcess('static node:http', process.execPath, [
      path.join(here, 'bare-server.mjs'),
      'file',
      path.join(www, 'page.html'),
      contentType,
    ]);
    const [, port] = await waitForLine(handle, /listening (\d+)/);
    return {
      url: `http://127.0.0.1:${port}/page.html`,
      kind: 'node:http',
      stop: async () => (await handle.stop(), cleanup()),
    };
  } catch (error) {
    cleanup();
    throw error;
  }
}

// One worker, like the shop's single Node process; no compression (the load generator asks
// for none from either side); keep-alive without a request limit, like Node's server.
function nginxConfig(dir, www, port, contentType) {
  const q = (s) => `"${s.replace(/["\\]/g, '\\$&')}"`;
  return `daemon off;
master_process on;
worker_processes 1;
pid ${q(path.join(dir, 'nginx.pid'))};
error_log ${q(path.join(dir, 'error.log'))} warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${q(path.join(dir, 'body'))};
  proxy_temp_path ${q(path.join(dir, 'proxy'))};
  fastcgi_temp_path ${q(path.join(dir, 'fastcgi'))};
  uwsgi_temp_path ${q(path.join(dir, 'uwsgi'))};
  scgi_temp_path ${q(path.join(dir, 'scgi'))};
  gzip off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  keepalive_timeout 65;
  open_file_cache max=16 inactive=60s;
  server_tokens off;
  server {
    listen 127.0.0.1:${port};
    root ${q(www)};
    location = /page.html {
      types { }
      default_type ${q(contentType)};
    }
  }
}
`;
}
