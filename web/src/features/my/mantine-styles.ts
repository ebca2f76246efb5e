/* The Mantine components /my adds to those the app's frame already styles (app/styles.ts). */
import "@mantine/core/styles/Skeleton.layer.css";
