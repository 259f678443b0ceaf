import { apiRoute } from "@/lib/http/api-route";
import type { SignInChallenge } from "@/lib/interface/schemas";
import { signInChallengeForService } from "@/lib/payments";

export const dynamic = "force-dynamic";

/** Free: a single-use wallet sign-in challenge, for having again what the wallet paid for. */
export const GET = apiRoute({ cache: "none" }, ({ request }): Promise<SignInChallenge> =>
  signInChallengeForService(request.headers.get("host") ?? new URL(request.url).host),
);

export { OPTIONS, POST, PUT, PATCH, DELETE } from "@/lib/http/api-methods";
