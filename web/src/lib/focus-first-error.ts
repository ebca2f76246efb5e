/** After a failed submit, moves focus to the first field marked invalid (once React has rendered the errors). */
export function focusFirstError(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => {
    form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
}
