/**
 * `work`, or `onTimeout()`'s error once `ms` have passed: how every wait on the payment network
 * (facilitator, chain RPC) is bounded by PAYMENT_TIMEOUT_MS. The work is not cancelled; a late
 * failure of it is ignored, its answer having been given.
 */
export async function withinDeadline<T>(work: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
    work.catch(() => undefined);
  }
}
