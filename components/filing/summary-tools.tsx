"use client";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { citationText, factSheet } from "@/lib/explorer/citation";
import type { DisclosureSummaryDto, FactDto, SourceCellsDto } from "@/lib/interface/schemas";

/**
 * What an analyst does with a revealed summary: download its fact sheet (JSON: the summary, each
 * fact with its Korean cells, the filing's other cells, the citation) and copy a citation (the
 * sentence, its figure, the Korean cell it was read from, the DART link). Built in the browser
 * from what this device was delivered; nothing is asked of the service.
 */
export function SummaryTools({
  summary,
  facts,
  cells,
}: {
  summary: DisclosureSummaryDto;
  facts?: FactDto[];
  cells?: SourceCellsDto[];
}) {
  const [copied, setCopied] = useState<"idle" | "copied" | "failed">("idle");
  const citation = citationText(summary, facts);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(citation);
      setCopied("copied");
    } catch {
      setCopied("failed");
    }
    setTimeout(() => setCopied("idle"), 3_000);
  };
  const download = () => {
    const url = URL.createObjectURL(
      new Blob([factSheet(summary, facts, cells)], { type: "application/json;charset=utf-8" }),
    );
    const a = document.createElement("a");
    a.href = url;
    a.download = `dart-fact-sheet-${summary.rcptNo}.json`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1_000);
  };
  return (
    <div className="summary-tools flex flex-wrap items-center gap-2 print:hidden" data-testid="summary-tools">
      <Button variant="secondary" onClick={download}>
        Download fact sheet (JSON)
      </Button>
      <Button variant="secondary" onClick={copy} aria-describedby={`citation-${summary.rcptNo}`}>
        Copy citation
      </Button>
      <span aria-live="polite" className="text-xs text-fg-muted">
        {copied === "copied" ? "Citation copied" : copied === "failed" ? "Could not copy: select the text below" : ""}
      </span>
      <p id={`citation-${summary.rcptNo}`} className="basis-full text-xs text-fg-muted" data-testid="citation">
        {citation}
      </p>
    </div>
  );
}
