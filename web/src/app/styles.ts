/*
 * Stylesheets, in cascade order. Mantine's come as `.layer.css` (inside
 * `@layer mantine`), so our own unlayered CSS modules win whatever order the
 * lazy chunks' CSS arrives in. Only the components the app uses are listed:
 * add a component's file (and those of the components it is built on) when
 * you first use it.
 */
import "@fontsource-variable/inter/wght.css";
import "@fontsource-variable/noto-sans-arabic/wght.css";
import "@mantine/core/styles/baseline.layer.css";
import "@mantine/core/styles/default-css-variables.layer.css";
import "@mantine/core/styles/global.layer.css";
import "@mantine/core/styles/UnstyledButton.layer.css";
import "@mantine/core/styles/Button.layer.css";
import "@mantine/core/styles/Loader.layer.css";
import "@mantine/core/styles/Paper.layer.css";
import "@mantine/core/styles/Popover.layer.css";
import "@mantine/core/styles/Menu.layer.css";
import "@mantine/core/styles/Text.layer.css";
import "@mantine/core/styles/Anchor.layer.css";
import "@mantine/core/styles/Title.layer.css";
import "@mantine/core/styles/Stack.layer.css";
import "@mantine/core/styles/Group.layer.css";
import "@mantine/core/styles/VisuallyHidden.layer.css";
import "@mantine/core/styles/Input.layer.css";
import "@mantine/core/styles/Combobox.layer.css";
import "@mantine/core/styles/PinInput.layer.css";
import "@mantine/core/styles/ActionIcon.layer.css";
import "@mantine/core/styles/CloseButton.layer.css";
import "@mantine/core/styles/Overlay.layer.css";
import "@mantine/core/styles/ModalBase.layer.css";
import "@mantine/core/styles/Modal.layer.css";
import "@mantine/core/styles/Alert.layer.css";
import "@mantine/core/styles/Badge.layer.css";
import "@mantine/core/styles/ScrollArea.layer.css";
import "@mantine/core/styles/Tooltip.layer.css";
import "@mantine/core/styles/Drawer.layer.css";
import "@mantine/core/styles/Tabs.layer.css";
import "../components/Ltr/ltr-field.css";
