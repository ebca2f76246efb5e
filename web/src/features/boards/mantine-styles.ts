/*
 * The Mantine components the boards page adds to those the app's frame
 * already styles (app/styles.ts); see people/mantine-styles.ts.
 */
import "@mantine/core/styles/InlineInput.layer.css";
import "@mantine/core/styles/Switch.layer.css";
import "@mantine/core/styles/Pill.layer.css";
import "@mantine/core/styles/PillsInput.layer.css";
