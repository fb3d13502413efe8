// The web app's modules use Vite's import.meta.glob (src/web/lib/i18n.ts localeLoaders); the root
// program compiles them where tests import them, so it needs that one piece of vite/client.
/// <reference types="vite/types/importMeta.d.ts" />
