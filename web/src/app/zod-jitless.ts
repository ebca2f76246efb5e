import { z } from "zod";

// The CSP forbids eval, and zod probes for it (`new Function("")`) the first time any object schema
// parses unless told not to. Every chunk may parse first, so this runs before anything else loads.
z.config({ jitless: true });
