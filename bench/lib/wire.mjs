import http from "node:http";

/** What Chromium sends: the server picks brotli, else gzip. */
export const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";

/**
 * GET `url` as a browser asks for it and count the body's bytes as they come
 * over the wire, before any decompression (fetch would hand back the
 * decompressed body). Returns { status, bytes, encoding }.
 */
export function wireSize(url, { token, acceptEncoding = BROWSER_ACCEPT_ENCODING } = {}) {
  return new Promise((resolve, reject) => {
    const headers = { "accept-encoding": acceptEncoding };
    if (token) headers.authorization = `Bearer ${token}`;
    const req = http.get(url, { headers }, (response) => {
      let bytes = 0;
      response.on("data", (chunk) => {
        bytes += chunk.length;
      });
      response.on("end", () =>
        resolve({ status: response.statusCode, bytes, encoding: response.headers["content-encoding"] ?? "identity" }),
      );
      response.on("error", reject);
    });
    req.on("error", reject);
  });
}
