// The built book (book/book) served over HTTP on 127.0.0.1, as `scripts/book --open` serves
// it: module scripts and workers do not run from file://. Used by scripts/browser-check.mjs and
// scripts/measure-web.mjs.
import http from "node:http";
import { existsSync, readFileSync } from "node:fs";
import { extname, join, normalize } from "node:path";

export const BOOK = new URL("../book/book/", import.meta.url).pathname;

const TYPES = { ".html": "text/html", ".css": "text/css", ".js": "text/javascript",
  ".mjs": "text/javascript", ".wasm": "application/wasm", ".svg": "image/svg+xml",
  ".png": "image/png", ".json": "application/json", ".woff2": "font/woff2", ".woff": "font/woff",
  ".ttf": "font/ttf", ".ico": "image/x-icon", ".txt": "text/plain" };

/** A server of book/book on a free port of 127.0.0.1, listening; its URL is `url(server)`. */
export async function serveBook() {
  const server = http.createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url, "http://x").pathname));
    const file = join(BOOK, path.endsWith("/") ? `${path}index.html` : path);
    if (!file.startsWith(BOOK) || !existsSync(file)) {
      response.writeHead(404);
      response.end();
      return;
    }
    response.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
    response.end(readFileSync(file));
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}

/** The address of `server`'s root. */
export const url = (server) => `http://127.0.0.1:${server.address().port}/`;
