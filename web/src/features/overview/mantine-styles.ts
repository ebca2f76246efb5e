/*
 * The Mantine components the overview adds to those the app's frame already
 * styles (app/styles.ts); see people/mantine-styles.ts.
 */
import "@mantine/core/styles/Skeleton.layer.css";
