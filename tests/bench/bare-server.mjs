// A bare node:http server used as the reference side of a pair. It runs in its own process
// so it never shares an event loop (or a core's time slice) with the load generator.
//   node bare-server.mjs ping                      -> {"ok":true}
//   node bare-server.mjs file <path> <content-type> -> the file's bytes, held in memory
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [mode, file, type] = process.argv.slice(2);

let body;
let contentType;
if (mode === 'ping') {
  body = Buffer.from('{"ok":true}');
  contentType = 'application/json; charset=utf-8';
} else if (mode === 'file' && file && type) {
  body = readFileSync(file);
  contentType = type;
} else {
  console.error('usage: bare-server.mjs ping | file <path> <content-type>');
  process.exit(2);
}

// Same keep-alive setting as the shop's server, so connection handling is not what differs.
const server = http.createServer({ keepAliveTimeout: 5000 }, (req, res) => {
  res.writeHead(200, { 'Content-Type': contentType, 'Content-Length': body.length });
  res.end(req.method === 'HEAD' ? undefined : body);
});

server.listen(0, '127.0.0.1', () => {
  // The parent reads the port from this line.
  console.log(`listening ${server.address().port}`);
});

const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
