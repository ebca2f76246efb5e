import axe from "axe-core";
import type { Page } from "playwright-core";

/** The rule sets checked: WCAG 2.0 and 2.1, levels A and AA, and axe's best practices. */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

interface Found {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
  html: string[];
}

/**
 * Runs axe-core on the page as it is now and returns its critical and serious
 * violations, each as one line: the rule, how to fix it, and where (the
 * elements' selectors). `where` names the page or dialog in the lines.
 */
export async function axeViolations(page: Page, where: string): Promise<string[]> {
  const injected = await page.evaluate(() => "axe" in window);
  // Evaluated, not added as a script tag: the app's Content-Security-Policy refuses inline scripts.
  if (!injected) await page.evaluate(axe.source);
  // Animations and transitions settle first, so colours are read as they end up.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const found = await page.evaluate(async (tags) => {
    const runner = (window as unknown as { axe: typeof axe }).axe;
    const result = await runner.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return result.violations.map(
      (violation): Found => ({
        id: violation.id,
        impact: violation.impact ?? null,
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.join(" ")),
        // What the element shows, beside its markup: a label that does not contain it is easy to see.
        html: violation.nodes.map((node) => {
          const shown = document.querySelector(String(node.target[0]))?.textContent?.trim().slice(0, 80);
          return `${node.html.slice(0, 160)}${shown ? ` shows "${shown}"` : ""}`;
        }),
      }),
    );
  }, AXE_TAGS);
  return found
    .filter((violation) => violation.impact === "critical" || violation.impact === "serious")
    .map(
      (violation) =>
        `${where}: ${violation.impact} ${violation.id} (${violation.help}) at ${violation.targets.slice(0, 6).join(" | ")} (${violation.html.slice(0, 3).join(" | ")})`,
    );
}
