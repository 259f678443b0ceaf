"use client";

import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { FeedAnswer } from "@/lib/explorer/feed";

const POLL_MS = 30_000;

/**
 * Polls `/api/feed` with the view's filters every 30 s (react-query: one request in flight,
 * retries, refetch on focus) and reports each answer. Loaded only when the data is live, after
 * the page is interactive, so the feed's first load carries no polling code.
 */
export function FeedPoller(props: {
  initial: FeedAnswer;
  queryString: string;
  onUpdate: (update: { data: FeedAnswer; failed: boolean }) => void;
}) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: 1 } } }));
  return (
    <QueryClientProvider client={client}>
      <Poll {...props} />
    </QueryClientProvider>
  );
}

function Poll({
  initial,
  queryString,
  onUpdate,
}: {
  initial: FeedAnswer;
  queryString: string;
  onUpdate: (update: { data: FeedAnswer; failed: boolean }) => void;
}) {
  const query = useQuery({
    queryKey: ["feed", queryString],
    queryFn: async ({ signal }): Promise<FeedAnswer> => {
      const res = await fetch(`/api/feed${queryString}`, { signal });
      if (!res.ok) throw new Error(`The feed answered ${res.status}`);
      return res.json();
    },
    initialData: initial,
    refetchInterval: POLL_MS,
    staleTime: POLL_MS / 2,
  });
  useEffect(() => onUpdate({ data: query.data, failed: query.isError }), [query.data, query.isError, onUpdate]);
  return null;
}
