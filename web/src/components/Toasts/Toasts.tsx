import { Button, CloseButton } from "@mantine/core";
import { IconAlertCircle, IconCircleCheck, IconInfoCircle } from "@tabler/icons-react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLiveLanguage } from "../../i18n/use-live-language.ts";
import classes from "./Toasts.module.css";

/**
 * Short messages about what just happened (a move refused on the board, a
 * shift changed by someone else, "Copied", a period approved), in a corner,
 * read out by screen readers (errors assertively), gone after a few seconds or
 * when dismissed. A page keeps a `useToaster()` and renders its `<Toasts>`.
 */
export type ToastKind = "error" | "info" | "success";

/** A button on the message (the board's Undo): pressing it runs it, and the message goes. */
export interface ToastAction {
  label: string;
  run(): void;
}

export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
  action?: ToastAction | undefined;
}

export interface ToastOptions {
  action?: ToastAction;
  /** How long it stays (a message with a button stays as long as the button can do its work). */
  lifetimeMs?: number;
}

const LIFETIME_MS: Record<ToastKind, number> = { error: 9000, info: 5000, success: 5000 };
/** Older ones go when more pile up. */
const MAX_TOASTS = 3;

export interface Toaster {
  toasts: Toast[];
  /** Shows a message; answers its id (to dismiss it early). */
  show(kind: ToastKind, text: string, options?: ToastOptions): number;
  dismiss(id: number): void;
}

export function useToaster(): Toaster {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    const timer = timers.current.get(id);
    if (timer) clearTimeout(timer);
    timers.current.delete(id);
    setToasts((list) => list.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback(
    (kind: ToastKind, text: string, options: ToastOptions = {}) => {
      const id = next.current++;
      const toast: Toast = { id, kind, text, action: options.action };
      setToasts((list) => [...list.filter((other) => other.text !== text), toast].slice(-MAX_TOASTS));
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), options.lifetimeMs ?? LIFETIME_MS[kind]),
      );
      return id;
    },
    [dismiss],
  );

  const clear = useCallback(() => {
    for (const timer of timers.current.values()) clearTimeout(timer);
    timers.current.clear();
    setToasts([]);
  }, []);
  // A toast is said once, in the language of its moment: a switch of language drops those still shown.
  useLiveLanguage(clear);

  useEffect(() => {
    const all = timers.current;
    return () => {
      for (const timer of all.values()) clearTimeout(timer);
    };
  }, []);

  return useMemo(() => ({ toasts, show, dismiss }), [toasts, show, dismiss]);
}

const icons = { error: IconAlertCircle, info: IconInfoCircle, success: IconCircleCheck };

export function Toasts({ toaster }: { toaster: Toaster }) {
  const { t } = useTranslation("common");
  const live = useLiveLanguage();
  const errors = toaster.toasts.filter((toast) => toast.kind === "error");
  const others = toaster.toasts.filter((toast) => toast.kind !== "error");
  const render = (toast: Toast) => {
    const Icon = icons[toast.kind];
    return (
      <div key={toast.id} className={classes.toast} data-kind={toast.kind} data-testid="board-toast">
        <Icon size={20} stroke={1.75} aria-hidden="true" className={classes.icon} />
        <span className={classes.text}>{toast.text}</span>
        {toast.action ? (
          <Button
            size="compact-sm"
            variant="subtle"
            className={classes.action}
            data-testid="toast-action"
            onClick={() => {
              toast.action?.run();
              toaster.dismiss(toast.id);
            }}
          >
            {toast.action.label}
          </Button>
        ) : null}
        <CloseButton size="sm" aria-label={t("dismiss")} onClick={() => toaster.dismiss(toast.id)} />
      </div>
    );
  };
  // The live regions stay in the page while empty, so what is added to them is announced.
  return (
    <div className={classes.stack}>
      <div role="alert" className={classes.region} {...live}>
        {errors.map(render)}
      </div>
      <div role="status" aria-live="polite" className={classes.region} {...live}>
        {others.map(render)}
      </div>
    </div>
  );
}
