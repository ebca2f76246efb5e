import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../test/server.ts";

describe("the API's documentation, when API_DOCS is off (production's default)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: "production", apiDocs: false });
  });
  afterAll(() => server.close());

  it.each(["/api/docs", "/api/docs/", "/api/docs/json", "/api/docs/static/index.html"])(
    "is not served: %s answers 404",
    async (path) => {
      const response = await server.request(path);
      expect(response.status).toBe(404);
      expect(response.text).not.toMatch(/swagger|openapi/i);
    },
  );

  it("leaves the API itself as it is", async () => {
    expect((await server.request("/api/health")).status).toBe(200);
  });
});
