// nginx in front of several server processes (scripts/cluster.mjs, and the routing test
// js-tests/online/routing.test.mjs): the configuration and the binary. See cluster.mjs for the routing.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, chmodSync } from 'node:fs';
import { join } from 'node:path';

/** The nginx binary of Debian's package (scripts/setup.sh installs it). */
export function nginxBinary() {
  for (const p of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (existsSync(p)) return p;
  try {
    return execFileSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error('nginx is not installed (run scripts/setup.sh)');
  }
}

/**
 * nginx.conf for `servers` ([{ port, prefix }]: each process's port and socket.io session prefix), listening
 * on `port` (of `host` only, when given; `dir`: its pid, logs and temporary files).
 */
export function nginxConf({ dir, port, host, servers }) {
  const tmp = join(dir, 'tmp');
  mkdirSync(tmp, { recursive: true });
  chmodSync(tmp, 0o777);
  const upstream = servers.map((s) => `    server 127.0.0.1:${s.port} max_fails=1 fail_timeout=5s;`).join('\n');
  const bySession = servers.map((s) => `    ~^${s.prefix} 127.0.0.1:${s.port};`).join('\n');
  return `# Written by scripts/nginx.mjs (nginxConf) at each start.
daemon off;
worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${tmp}/body;
  proxy_temp_path ${tmp}/proxy;
  fastcgi_temp_path ${tmp}/fastcgi;
  uwsgi_temp_path ${tmp}/uwsgi;
  scgi_temp_path ${tmp}/scgi;
  map $http_upgrade $connection_upgrade {
    default upgrade;
    '' close;
  }
  upstream steere_any {
${upstream}
  }
  # A new connection of a match goes to the process its ID hashes to, or the next one while it is down.
  upstream steere_match {
    hash $arg_matchID consistent;
${upstream}
  }
  # A socket.io request with a session id goes to the process that made the session; one that names its
  # match to the match's process.
  map "$arg_sid:$arg_matchID" $steere_target {
${bySession}
    "~^:." steere_match;
    default steere_any;
  }
  server {
    listen ${host ? `${host}:` : ''}${port};
    location / {
      proxy_pass http://$steere_target;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header Host $host;
      proxy_read_timeout 3600s;
      proxy_max_temp_file_size 0;
      proxy_next_upstream error timeout;
    }
  }
}
`;
}
