import "./app/zod-jitless.ts"; // first: the CSP forbids eval, see the module
import "./app/styles.ts";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App.tsx";
import { prefetchMe } from "./features/auth/me-query.ts";
import { initI18n } from "./i18n/i18n.ts";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

// The signed-in user loads meanwhile (the router already started the page's code, texts and data).
prefetchMe();
// Translations first (spec §9): the first render is already in the user's language and direction.
// Until then #root shows index.html's loading dots.
await initI18n();

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
