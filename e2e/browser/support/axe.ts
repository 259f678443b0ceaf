/**
 * Accessibility checks with axe-core (WCAG 2.1 A and AA rules, and with `bestPractices` axe's
 * best practices too: landmarks, headings) on the page as it stands: a test fails on any
 * violation, listed with the elements that break it.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

export async function expectNoAxeViolations(page: Page, state: string, { bestPractices = false } = {}): Promise<void> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(bestPractices ? [...WCAG, "best-practice"] : WCAG)
    .analyze();
  expect(
    violations.map((v) => `${v.id} (${v.help}): ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`),
    `axe violations: ${state}`,
  ).toEqual([]);
}
