/**
 * The button primitive: a caller's classes override the primitive's (tailwind-merge), and the
 * rendered element keeps what the page and its tests rely on (type, disabled, data and aria
 * attributes).
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Button, buttonVariants } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";

const classes = (markup: string) => /class="([^"]*)"/.exec(markup)![1].split(" ");

describe("cn", () => {
  it("lets the later of two classes for the same property win, and keeps the rest", () => {
    expect(cn("h-10 px-4 text-sm", "px-2", false && "hidden")).toBe("h-10 text-sm px-2");
    // The design tokens are colours, not sizes: a colour never removes a font size.
    expect(cn("text-sm text-accent-fg", "text-fg")).toBe("text-sm text-fg");
  });
});

describe("Button", () => {
  it("is a box with the variant's colours, and a caller's class replaces the box's own", () => {
    const box = buttonVariants({ variant: "secondary", className: "justify-start" }).split(" ");
    expect(box).toEqual(expect.arrayContaining(["inline-flex", "h-10", "bg-surface", "justify-start"]));
    expect(box).not.toContain("justify-center");
  });

  it("as a link is text in the line: no box, no padding", () => {
    const link = buttonVariants({ variant: "link" }).split(" ");
    expect(link).toEqual(expect.arrayContaining(["text-accent", "underline"]));
    expect(link.filter((c) => /^(inline-flex|h-|px-|rounded)/.test(c))).toEqual([]);
  });

  it("renders a non-submitting button that passes on its attributes", () => {
    const props = { size: "sm", disabled: true, "data-testid": "header-wallet", "aria-expanded": false } as Parameters<
      typeof Button
    >[0];
    const markup = renderToStaticMarkup(createElement(Button, props, "Connect wallet"));
    expect(markup).toMatch(/^<button type="button"/);
    expect(markup).toContain('data-testid="header-wallet"');
    expect(markup).toContain('aria-expanded="false"');
    expect(markup).toContain("disabled");
    expect(classes(markup)).toEqual(expect.arrayContaining(["h-8", "bg-accent"]));
    expect(renderToStaticMarkup(createElement(Button, { type: "submit" }, "Buy"))).toMatch(/^<button type="submit"/);
  });
});
