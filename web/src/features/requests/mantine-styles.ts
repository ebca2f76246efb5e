/*
 * The Mantine components the requests inbox adds to those the app's frame
 * already styles (app/styles.ts); see people/mantine-styles.ts.
 */
import "@mantine/core/styles/InlineInput.layer.css";
import "@mantine/core/styles/Checkbox.layer.css";
import "@mantine/core/styles/CheckboxIndicator.layer.css";
import "@mantine/core/styles/Switch.layer.css";
import "@mantine/core/styles/NumberInput.layer.css";
import "@mantine/core/styles/Skeleton.layer.css";
