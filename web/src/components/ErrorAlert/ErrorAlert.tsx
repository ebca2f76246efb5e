import { Alert, type AlertProps } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";

/**
 * Why something failed, in the app's one way of saying it: a light red alert
 * with the warning icon, announced to screen readers as it appears.
 */
export function ErrorAlert(props: Omit<AlertProps, "variant" | "color" | "role" | "icon">) {
  return (
    <Alert
      variant="light"
      color="red"
      role="alert"
      icon={<IconAlertCircle size={20} stroke={1.75} aria-hidden="true" />}
      {...props}
    />
  );
}
