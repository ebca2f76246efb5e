import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Request, RequestCreate } from "@workshift/contracts";
import { allLiveParts } from "../live/my-events.ts";
import { acceptRequest, cancelRequest, createRequest, refuseRequest } from "./requests-api.ts";

/**
 * Asking, cancelling, taking and turning down, each reloading what it may
 * have changed once it is answered: the requests, and the shifts (a claim or
 * a cover approved at once moves a shift), the availability and the entries.
 * The live stream says the same a moment later; this keeps one's own action
 * from waiting for it.
 */
export function useRequestActions(organizationId: string) {
  const queryClient = useQueryClient();
  const reload = () =>
    queryClient.invalidateQueries({
      predicate: ({ queryKey }) =>
        queryKey[0] === "my" && queryKey[1] === organizationId && (allLiveParts as unknown[]).includes(queryKey[2]),
    });
  const create = useMutation<Request, unknown, RequestCreate>({ mutationFn: createRequest, onSuccess: reload });
  const cancel = useMutation<Request, unknown, string>({ mutationFn: cancelRequest, onSettled: reload });
  const accept = useMutation<Request, unknown, string>({ mutationFn: acceptRequest, onSettled: reload });
  const refuse = useMutation<Request, unknown, { id: string; reason: string }>({
    mutationFn: ({ id, reason }) => refuseRequest(id, reason),
    onSettled: reload,
  });
  return { create, cancel, accept, refuse };
}
