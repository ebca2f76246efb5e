/* The Mantine components /my adds to those the app's frame already styles (app/styles.ts). */
import "@mantine/core/styles/Skeleton.layer.css";
import "@mantine/core/styles/InlineInput.layer.css"; // Radio's and Checkbox's label and description
import "@mantine/core/styles/Radio.layer.css";
import "@mantine/core/styles/Checkbox.layer.css";
import "@mantine/core/styles/FloatingIndicator.layer.css"; // SegmentedControl's moving highlight
import "@mantine/core/styles/SegmentedControl.layer.css";
import "@mantine/core/styles/Divider.layer.css";
