import { AppProvider } from "./provider.js";
import { AppRouter } from "./router.js";

/** The web app: providers around the router. */
export function App() {
  return (
    <AppProvider>
      <AppRouter />
    </AppProvider>
  );
}
