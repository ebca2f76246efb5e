import { ColorInput, type ColorInputProps } from "@mantine/core";
import { jobColorPalette } from "@workshift/contracts";

/**
 * A colour as the product picks one (a job's, a leave type's): hex, the
 * palette's swatches, no eye dropper, written left to right in any language,
 * and lowercased as the contracts store it.
 */
export function PaletteColorInput({
  onChange,
  ...props
}: Omit<ColorInputProps, "format" | "swatches" | "swatchesPerRow" | "withEyeDropper" | "dir" | "onChange"> & {
  onChange: (value: string) => void;
}) {
  return (
    <ColorInput
      {...props}
      format="hex"
      swatches={[...jobColorPalette]}
      swatchesPerRow={7}
      withEyeDropper={false}
      dir="ltr"
      onChange={(value) => onChange(value.toLowerCase())}
    />
  );
}
