import { CloseButton, Drawer, Loader, Tabs } from "@mantine/core";
import { IconBuilding, IconUserCircle } from "@tabler/icons-react";
import { can } from "@workshift/contracts";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { DiscardChangesDialog } from "../../components/DiscardChangesDialog/DiscardChangesDialog.tsx";
import { useModalCount } from "../../components/ModalCount/use-modal-count.ts";
import { isSettingsTab, type SettingsTab } from "../../lib/settings-context.ts";
import { AccountTab } from "./AccountTab.tsx";
import { CompanyTab } from "./CompanyTab.tsx";
import classes from "./SettingsSheet.module.css";

/** Spec §9: the sheet slides out in 500 ms; a tab switch shows a spinner for 500 ms. */
export const SHEET_CLOSE_MS = 500;
export const TAB_SWITCH_DELAY_MS = 500;

export interface SettingsSheetProps {
  opened: boolean;
  initialTab: SettingsTab;
  role: string;
  /** Called whenever the open tab's form becomes dirty or clean again. */
  onDirtyChange(dirty: boolean): void;
  /** Closing was asked for and nothing unsaved is lost (clean, saved, or discarded). */
  onClose(): void;
  /** The slide-out has finished. */
  onExited(): void;
}

type Pending = { next: "close" } | { next: "tab"; tab: SettingsTab };

/**
 * The settings sheet (spec §2, §4): a bottom sheet 90 % of the viewport high,
 * the page locked behind it, a close button above it. Two tabs, Account and
 * Company; switching shows a spinner for 500 ms. Closing or switching with
 * unsaved changes asks to discard them first; a successful save closes it.
 */
export function SettingsSheet({ opened, initialTab, role, onDirtyChange, onClose, onExited }: SettingsSheetProps) {
  const { t } = useTranslation(["settings", "common"]);
  const [tab, setTab] = useState<SettingsTab>(initialTab);
  const [switching, setSwitching] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const [pending, setPending] = useState<Pending | null>(null);
  const [innerModal, setInnerModal] = useState(false);

  useModalCount(opened);

  useEffect(() => {
    onDirtyChange(dirty);
  }, [dirty, onDirtyChange]);

  useEffect(() => {
    if (!switching) return;
    const timer = setTimeout(() => setSwitching(false), TAB_SWITCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [switching]);

  const switchTo = (next: SettingsTab) => {
    setTab(next);
    setSwitching(true);
  };

  const requestClose = () => {
    if (dirty) setPending({ next: "close" });
    else onClose();
  };

  const requestTab = (value: string | null) => {
    if (!isSettingsTab(value) || value === tab) return;
    if (dirty) setPending({ next: "tab", tab: value });
    else switchTo(value);
  };

  const discard = () => {
    const answered = pending;
    setPending(null);
    setDirty(false);
    if (answered?.next === "tab") {
      setFormKey((key) => key + 1); // the form comes back as loaded
      switchTo(answered.tab);
    } else {
      onClose();
    }
  };

  const saved = () => {
    setDirty(false);
    onClose();
  };

  const formProps = { onDirtyChange: setDirty, onSaved: saved };
  const spinner = (
    <div className={classes.switching}>
      <Loader size="md" role="status" aria-label={t("common:loading")} />
    </div>
  );

  return (
    <>
      <Drawer.Root
        opened={opened}
        onClose={requestClose}
        position="bottom"
        size="90%"
        // The page is locked by the modal count (a sheet and its dialogs count together).
        lockScroll={false}
        // Focus goes back to what opened the sheet (see SettingsProvider), not to the vanished menu item.
        returnFocus={false}
        // A dialog over the sheet (discard, phone code) takes Escape for itself.
        closeOnEscape={pending === null && !innerModal}
        transitionProps={{ duration: SHEET_CLOSE_MS, timingFunction: "ease" }}
        onExitTransitionEnd={onExited}
        // On the content only (a className on Drawer.Content would also land on its positioning wrapper).
        classNames={{ content: classes.sheet }}
      >
        <Drawer.Overlay backgroundOpacity={0.45} />
        <Drawer.Content radius="lg">
          <CloseButton
            className={classes.close}
            size="xl"
            radius="xl"
            variant="default"
            aria-label={t("close")}
            onClick={requestClose}
          />
          <div className={classes.scroll}>
            <div className={classes.inner}>
              <Drawer.Header className={classes.header}>
                <Drawer.Title component="h2" className={classes.title}>
                  {t("title")}
                </Drawer.Title>
              </Drawer.Header>
              <Tabs
                value={tab}
                onChange={requestTab}
                activateTabWithKeyboard={false}
                keepMounted={false}
                className={classes.tabs}
              >
                <Tabs.List aria-label={t("tabs.label")}>
                  <Tabs.Tab value="account" leftSection={<IconUserCircle size={18} stroke={1.75} aria-hidden="true" />}>
                    {t("tabs.account")}
                  </Tabs.Tab>
                  <Tabs.Tab value="company" leftSection={<IconBuilding size={18} stroke={1.75} aria-hidden="true" />}>
                    {t("tabs.company")}
                  </Tabs.Tab>
                </Tabs.List>
                <Tabs.Panel value="account" className={classes.panel}>
                  {switching ? spinner : <AccountTab key={formKey} {...formProps} onInnerModal={setInnerModal} />}
                </Tabs.Panel>
                <Tabs.Panel value="company" className={classes.panel}>
                  {switching ? (
                    spinner
                  ) : (
                    <CompanyTab key={formKey} {...formProps} canEdit={can({ role }, "company.manage")} />
                  )}
                </Tabs.Panel>
              </Tabs>
            </div>
          </div>
        </Drawer.Content>
      </Drawer.Root>
      <DiscardChangesDialog opened={pending !== null} onDiscard={discard} onStay={() => setPending(null)} />
    </>
  );
}
