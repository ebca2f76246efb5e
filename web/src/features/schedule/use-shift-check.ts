import { useDebouncedValue } from "@mantine/hooks";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { Shift, ShiftCheck, WeekResponse } from "@workshift/contracts";
import { useMemo } from "react";
import { OPEN_SHIFT, type ShiftFormValues, shiftCheckBody, validateShift } from "./shift-form.ts";
import { checkShift } from "./week-api.ts";

/** The live check waits for the manager to pause typing. */
const CHECK_DEBOUNCE_MS = 300;

/**
 * The live check: the shift as it would be saved, sent once the manager
 * pauses (open shifts meet no rules, and a form that does not pass its own
 * rules is not sent). `checked` is the last answer for what is typed;
 * `current` says it is the answer for exactly what is typed now.
 */
export function useShiftCheck({
  values,
  week,
  base,
  zone,
  readOnly,
}: {
  values: ShiftFormValues;
  week: WeekResponse;
  base: Shift | null;
  zone: string;
  readOnly: boolean;
}) {
  const checkBody = useMemo<ShiftCheck | null>(() => {
    if (readOnly || values.user_id === OPEN_SHIFT) return null;
    if (Object.keys(validateShift(values, week, base)).length > 0) return null;
    return shiftCheckBody(values, zone, base?.id);
  }, [readOnly, values, week, base, zone]);
  const checkKey = checkBody ? JSON.stringify(checkBody) : null;
  const [debouncedKey] = useDebouncedValue(checkKey, CHECK_DEBOUNCE_MS);
  const check = useQuery({
    queryKey: ["schedule", "check", debouncedKey],
    queryFn: () => checkShift(JSON.parse(debouncedKey ?? "{}") as ShiftCheck),
    enabled: debouncedKey !== null,
    placeholderData: keepPreviousData,
    staleTime: 5_000,
    retry: false,
  });
  const checked = checkKey !== null && debouncedKey !== null ? check.data : undefined;
  return {
    checked,
    current: checkKey !== null && debouncedKey === checkKey && !check.isPlaceholderData,
    /** A check is on its way (or waiting for the pause). */
    checking: checkBody !== null && (check.isFetching || checkKey !== debouncedKey),
    failed: check.isError && checkKey === debouncedKey,
  };
}
