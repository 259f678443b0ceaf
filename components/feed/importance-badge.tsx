import { Badge } from "@/components/ui/badge";
import { importanceLevel } from "@/lib/explorer/format";

/**
 * Importance 1–10 as a number and a word on a colour scale: never colour alone. Read aloud as
 * "Importance 7 of 10, high" from the same text that shows "7 high".
 */
export function ImportanceBadge({ score }: { score: number }) {
  const level = importanceLevel(score);
  return (
    <Badge tone={level} title={`Importance ${score} of 10 (${level})`}>
      <span className="sr-only">Importance </span>
      <span className="tabular-nums">{score}</span>
      <span className="sr-only"> of 10,</span>
      {` ${level}`}
    </Badge>
  );
}
