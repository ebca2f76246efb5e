import { Component, type ReactNode } from "react";
import { CrashScreen } from "../features/errors/CrashScreen.tsx";

interface State {
  failed: boolean;
}

/**
 * Last line of defence for render errors outside the router (providers,
 * router setup). Errors inside routes reach the router's error boundary first.
 * React itself logs the error (createRoot's onCaughtError).
 */
export class RootErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <CrashScreen /> : this.props.children;
  }
}
