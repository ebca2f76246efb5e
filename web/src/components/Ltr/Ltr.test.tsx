import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Ltr } from "./Ltr.tsx";
import { isolatedText, ltrText } from "./ltr-text.ts";

describe("text that reads left to right inside Arabic", () => {
  it("is an isolate of its own, left to right, whatever the page's direction", () => {
    expect(renderToStaticMarkup(<Ltr>+961 71 597 801</Ltr>)).toBe('<bdi dir="ltr">+961 71 597 801</bdi>');
  });

  it("keeps the class it is given", () => {
    expect(renderToStaticMarkup(<Ltr className="zip">1103 2040</Ltr>)).toBe(
      '<bdi dir="ltr" class="zip">1103 2040</bdi>',
    );
  });

  it("inside a translated sentence is wrapped in a left-to-right isolate", () => {
    expect(ltrText("09:00–17:00")).toBe("\u206609:00–17:00\u2069");
    expect(`الرمز ${ltrText("1103 2040")}`.codePointAt(6)).toBe(0x2066);
  });

  it("lets a name keep the direction of its own first letter", () => {
    expect(isolatedText("Karim")).toBe("\u2068Karim\u2069");
  });
});
