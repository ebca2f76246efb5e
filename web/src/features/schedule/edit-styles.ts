/*
 * The Mantine components the shift editor and the week's dialogs add to those
 * the app's frame already styles (app/styles.ts); see people/mantine-styles.ts.
 */
import "@mantine/core/styles/Chip.layer.css";
import "@mantine/core/styles/NumberInput.layer.css";
import "@mantine/core/styles/InlineInput.layer.css";
import "@mantine/core/styles/Radio.layer.css";
import "@mantine/core/styles/RadioIndicator.layer.css";
import "@mantine/core/styles/List.layer.css";
import "@mantine/core/styles/Divider.layer.css";
