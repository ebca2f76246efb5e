import { useId } from "react";
import classes from "./MethodToggle.module.css";

interface MethodToggleProps<Value extends string> {
  legend: string;
  value: Value;
  options: readonly { value: Value; label: string }[];
  onChange(value: Value): void;
}

/**
 * A two-way switch ("Phone | Email") made of native radio buttons: arrow keys,
 * labels and screen readers work as for any radio group, and it costs a few
 * hundred bytes where a segmented-control component costs kilobytes on a page
 * with a size budget.
 */
export function MethodToggle<Value extends string>({ legend, value, options, onChange }: MethodToggleProps<Value>) {
  const name = useId();
  return (
    <fieldset className={classes.toggle}>
      <legend className={classes.legend}>{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className={classes.option}>
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => onChange(option.value)}
            className={classes.input}
          />
          <span className={classes.label}>{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
