/*
 * The Mantine components the time-off settings and balances add to those the
 * app's frame already styles (app/styles.ts); see jobs/mantine-styles.ts.
 */
import "@mantine/core/styles/InlineInput.layer.css";
import "@mantine/core/styles/Switch.layer.css";
import "@mantine/core/styles/Checkbox.layer.css";
import "@mantine/core/styles/Chip.layer.css";
import "@mantine/core/styles/Radio.layer.css";
import "@mantine/core/styles/FloatingIndicator.layer.css";
import "@mantine/core/styles/SegmentedControl.layer.css";
import "@mantine/core/styles/ColorSwatch.layer.css";
import "@mantine/core/styles/ColorPicker.layer.css";
import "@mantine/core/styles/ColorInput.layer.css";
import "@mantine/core/styles/NumberInput.layer.css";
import "@mantine/core/styles/Pill.layer.css";
import "@mantine/core/styles/PillsInput.layer.css";
import "@mantine/core/styles/Table.layer.css";
import "@mantine/core/styles/Skeleton.layer.css";
import "@mantine/core/styles/Divider.layer.css";
import "@mantine/core/styles/Fieldset.layer.css";
