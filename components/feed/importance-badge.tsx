import { Badge } from "@/components/ui/badge";
import { importanceLevel } from "@/lib/explorer/format";

/** Importance 1–10 as a number and a word on a colour scale: never colour alone. */
export function ImportanceBadge({ score }: { score: number }) {
  const level = importanceLevel(score);
  return (
    <Badge tone={level} title={`Importance ${score} of 10 (${level})`}>
      <span aria-hidden="true" className="font-mono tabular-nums">{score}</span>
      <span aria-hidden="true">{level}</span>
      <span className="sr-only">Importance {score} of 10, {level}</span>
    </Badge>
  );
}
