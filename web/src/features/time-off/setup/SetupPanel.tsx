import { Stack } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { can } from "@workshift/contracts";
import { LoadingDots } from "../../../components/LoadingDots/LoadingDots.tsx";
import { useAuth } from "../../../lib/auth-context.ts";
import { problemCodeOf } from "../../../lib/problem-text.ts";
import { AssignSection } from "./AssignSection.tsx";
import { BlocksSection } from "./BlocksSection.tsx";
import { HolidaysSection } from "./HolidaysSection.tsx";
import "./mantine-styles.ts";
import { ForbiddenAlert, LoadFailedAlert, ReadOnlyAlert } from "./PanelStates.tsx";
import { PoliciesSection } from "./PoliciesSection.tsx";
import { SettingsSection } from "./SettingsSection.tsx";
import { fetchSetup, setupKeys } from "./setup-api.ts";
import { TypesSection } from "./TypesSection.tsx";

/**
 * The time-off settings tab: leave types, policies and who is on them, public
 * holidays, blocked dates and the settings. Whoever may view time off reads
 * it; only who may manage it (owners) changes it. The settings are the
 * organization's, so a board's scope does not narrow them.
 */
export function SetupPanel(_props: { boardId?: string } = {}) {
  const { user } = useAuth();
  const who = user ?? { role: null };
  const view = can(who, "timeOff.view");
  const manage = can(who, "timeOff.manage");
  const setup = useQuery({ queryKey: setupKeys.setup, queryFn: fetchSetup, enabled: view, staleTime: 30_000 });

  if (!view || problemCodeOf(setup.error) === "forbidden") return <ForbiddenAlert />;
  if (setup.isPending) return <LoadingDots layout="section" />;
  if (setup.isError) return <LoadFailedAlert onRetry={() => void setup.refetch()} />;

  const { leave_types: types, policies, settings, blocks } = setup.data;
  return (
    <Stack gap="lg">
      {manage ? null : <ReadOnlyAlert />}
      <TypesSection types={types} manage={manage} />
      <PoliciesSection types={types} policies={policies} manage={manage} />
      {manage ? <AssignSection types={types} policies={policies} /> : null}
      <HolidaysSection manage={manage} />
      <BlocksSection blocks={blocks} manage={manage} />
      <SettingsSection settings={settings} manage={manage} />
    </Stack>
  );
}
