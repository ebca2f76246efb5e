/*
 * The Mantine components the time clock page adds to those the app's frame
 * already styles (app/styles.ts); see people/mantine-styles.ts.
 */
import "@mantine/core/styles/InlineInput.layer.css";
import "@mantine/core/styles/Switch.layer.css";
import "@mantine/core/styles/Checkbox.layer.css";
import "@mantine/core/styles/FloatingIndicator.layer.css"; // SegmentedControl's moving highlight
import "@mantine/core/styles/SegmentedControl.layer.css";
import "@mantine/core/styles/Skeleton.layer.css";
import "@mantine/core/styles/Table.layer.css";
import "@mantine/core/styles/NumberInput.layer.css";
import "@mantine/core/styles/List.layer.css";
import "@mantine/core/styles/Divider.layer.css";
