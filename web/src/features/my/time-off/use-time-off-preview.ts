import { useDebouncedValue } from "@mantine/hooks";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { TimeOffPreviewInput, TimeOffPreviewResponse } from "@workshift/contracts";
import { myKeys } from "../my-api.ts";
import { previewTimeOff } from "./time-off-api.ts";

/** How long the form rests before its preview is asked (typing a date does not ask at each digit). */
const REST_MS = 350;

export interface TimeOffPreviewState {
  /** The last answer (for the fields as they are, or a moment ago while `current` is false). */
  preview: TimeOffPreviewResponse | undefined;
  /** The answer is for the fields as they are now. */
  current: boolean;
  loading: boolean;
  error: unknown;
}

/**
 * What the ask would take, asked again a moment after the form changes
 * (null fields: not a valid ask yet, nothing is asked). The previous answer
 * stays shown, marked as not current, while the next one comes.
 */
export function useTimeOffPreview(organizationId: string, fields: TimeOffPreviewInput | null): TimeOffPreviewState {
  const key = fields ? JSON.stringify(fields) : "";
  const [rested] = useDebouncedValue(key, REST_MS);
  const query = useQuery({
    queryKey: myKeys.timeOffPreview(organizationId, rested),
    queryFn: ({ signal }) => previewTimeOff(JSON.parse(rested) as TimeOffPreviewInput, signal),
    enabled: rested !== "",
    staleTime: 30_000,
    retry: false,
    placeholderData: keepPreviousData,
  });
  const current = key !== "" && rested === key && !query.isPlaceholderData;
  return {
    preview: key === "" ? undefined : query.data,
    current,
    loading: key !== "" && (!current || query.isFetching),
    error: current && query.isError ? query.error : null,
  };
}
