import { describe, expect, it } from "vitest";
import { hmacSha256, sha256 } from "./sha256.ts";
import { hmacSha256Hex, OTP_SIGNING_KEY, proveCode, signedText } from "./signature.ts";

// Expected values come from Node's createHmac / createHash (what the server uses) and RFC 4231.
const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
const encode = (text: string) => new TextEncoder().encode(text);

const vectors: [key: string, text: string, hmac: string][] = [
  [
    "workshift-dev-signing-key",
    "96171123456:abc123:1700000000000",
    "7361ef3589d00e6ed10728b656cc9ec3f11d917abae34f961f2a8a73e6d2c522",
  ],
  ["Jefe", "what do ya want for nothing?", "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"],
  ["x".repeat(100), "é".repeat(70), "37bec1070fb475ed6e47ce6d971bf615490216b45dc60dbeb918262b720776e7"],
  ["k", "", "8bb990c40a7d61cb97597a942125025be50ac8beb74436e3735b98893a7f6620"],
];

describe("the code signature (spec §7)", () => {
  it("signs the phone (or email), the device id and the timestamp joined by colons", () => {
    expect(signedText("96171123456", "dev-1", 1_700_000_000_000)).toBe("96171123456:dev-1:1700000000000");
  });

  it("uses the development key unless the build sets VITE_OTP_SIGNING_KEY", () => {
    expect(OTP_SIGNING_KEY).toBe("workshift-dev-signing-key");
  });

  it("is the hex HMAC-SHA256 the server computes, with Web Crypto", async () => {
    expect(globalThis.crypto?.subtle).toBeDefined();
    for (const [key, text, expected] of vectors) {
      await expect(hmacSha256Hex(key, text)).resolves.toBe(expected);
    }
  });

  it("gives the same answer without Web Crypto (outside secure contexts)", async () => {
    for (const [key, text, expected] of vectors) {
      await expect(hmacSha256Hex(key, text, undefined)).resolves.toBe(expected);
    }
  });

  it("builds the proof the verify and register bodies carry", async () => {
    await expect(proveCode("someone@example.com", "device", 42)).resolves.toEqual({
      device_id: "device",
      timestamp: 42,
      signature: "e2d73ec3aeed91b879f22378b8b73d147c5f91eac5969f4e20f5c91873061eeb",
    });
  });
});

describe("the plain-JavaScript SHA-256", () => {
  it("matches known digests, across block boundaries", () => {
    const digests: [number, string][] = [
      [0, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"],
      [55, "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"],
      [56, "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"],
      [63, "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34"],
      [64, "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"],
      [65, "635361c48bb9eab14198e76ea8ab7f1a41685d6ad62aa9146d301d4f17eb0ae0"],
      [200, "c2a908d98f5df987ade41b5fce213067efbcc21ef2240212a41e54b5e7c28ae5"],
    ];
    for (const [length, digest] of digests) expect(hex(sha256(encode("a".repeat(length))))).toBe(digest);
    expect(hex(sha256(encode("abc")))).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("keys an HMAC", () => {
    expect(hex(hmacSha256(encode("Jefe"), encode("what do ya want for nothing?")))).toBe(vectors[1]?.[2]);
  });
});
