import { Alert, Paper, Text, Title } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { Ltr } from "../../components/Ltr/Ltr.tsx";
import { PhoneNumber } from "../../components/PhoneNumber/PhoneNumber.tsx";
import classes from "./PersonEditPage.module.css";

/** The person page's building blocks: a titled section, a labelled fact, the contact list, a done note. */

/** What an action did, next to where it was done. */
export function DoneNote({ text }: { text: string }) {
  return (
    <Alert
      variant="light"
      color="green"
      role="status"
      icon={<IconCircleCheck size={20} stroke={1.75} aria-hidden="true" />}
    >
      {text}
    </Alert>
  );
}

export function Section({
  title,
  children,
  description,
}: {
  title: string;
  children: ReactNode;
  description?: ReactNode;
}) {
  const headingId = useId();
  return (
    <Paper component="section" withBorder radius="lg" className={classes.section} aria-labelledby={headingId}>
      <Title order={2} id={headingId} className={classes.sectionTitle}>
        {title}
      </Title>
      {description ? (
        <Text size="sm" c="dimmed" mt={4}>
          {description}
        </Text>
      ) : null}
      <div className={classes.sectionBody}>{children}</div>
    </Paper>
  );
}

export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.field}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function ContactList({ contact }: { contact: string[] }) {
  const { t } = useTranslation("people");
  return (
    <dl className={classes.fields}>
      <Field label={t("fields.contact")}>
        {contact.length > 0
          ? contact.map((item) =>
              // A phone (no "@", as the code screen tells them apart) is shown grouped the way people read it.
              item.includes("@") ? (
                <Ltr key={item} className={classes.contactItem}>
                  {item}
                </Ltr>
              ) : (
                <span key={item} className={classes.contactItem}>
                  <PhoneNumber phone={item} />
                </span>
              ),
            )
          : t("row.noContact")}
      </Field>
    </dl>
  );
}
