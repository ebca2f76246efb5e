/*
 * The Mantine components the people pages add to those the app's frame
 * already styles (app/styles.ts). Mantine's `.layer.css` files sit in
 * `@layer mantine`, so loading them with these lazy pages keeps the cascade.
 */
import "@mantine/core/styles/InlineInput.layer.css";
import "@mantine/core/styles/Checkbox.layer.css";
import "@mantine/core/styles/CheckboxIndicator.layer.css";
import "@mantine/core/styles/Radio.layer.css";
import "@mantine/core/styles/RadioCard.layer.css";
import "@mantine/core/styles/RadioIndicator.layer.css";
import "@mantine/core/styles/SegmentedControl.layer.css";
import "@mantine/core/styles/Pill.layer.css";
import "@mantine/core/styles/PillsInput.layer.css";
import "@mantine/core/styles/Skeleton.layer.css";
import "@mantine/core/styles/Switch.layer.css";
import "@mantine/core/styles/Table.layer.css";
