/*
 * The Mantine components the time-off page adds to those the app's frame
 * already styles (app/styles.ts); see people/mantine-styles.ts.
 */
import "@mantine/core/styles/InlineInput.layer.css";
import "@mantine/core/styles/Radio.layer.css";
import "@mantine/core/styles/RadioIndicator.layer.css";
import "@mantine/core/styles/FloatingIndicator.layer.css"; // SegmentedControl's moving highlight
import "@mantine/core/styles/SegmentedControl.layer.css";
import "@mantine/core/styles/Skeleton.layer.css";
