/*
 * The Mantine components the jobs page adds to those the app's
 * frame already styles (app/styles.ts). Mantine's `.layer.css` files sit in
 * `@layer mantine`, so loading them with these lazy pages keeps the cascade.
 */
import "@mantine/core/styles/InlineInput.layer.css";
import "@mantine/core/styles/Switch.layer.css";
import "@mantine/core/styles/Table.layer.css";
import "@mantine/core/styles/ColorSwatch.layer.css";
import "@mantine/core/styles/ColorPicker.layer.css";
import "@mantine/core/styles/ColorInput.layer.css";
import "@mantine/core/styles/NumberInput.layer.css";
import "@mantine/core/styles/Pill.layer.css";
import "@mantine/core/styles/PillsInput.layer.css";
