import i18next, { type BackendModule } from "i18next";
import { initReactI18next } from "react-i18next";
import { LANGUAGES, LOCALE_COOKIE, type Locale } from "@/shared/languages.js";

/** A locale's messages: nested objects of strings. */
export interface Messages {
  [key: string]: string | Messages;
}

export const LOCALES = LANGUAGES.map((l) => l.locale) as readonly Locale[];
export const DEFAULT_LOCALE: Locale = "en";

/** The visitor's last choice; the signed-in user's stored language overrides it. */
export const LOCALE_STORAGE_KEY = "tessera.locale";

/** The screens' text (default namespace). */
export const UI_NS = "translation";
/** Engine and redirect error codes → messages; loaded after first paint, since only a failure needs them. */
export const ERRORS_NS = "errors";

// One chunk per language and namespace: only what is in use is downloaded.
type Loader<T> = () => Promise<{ default: T }>;

/**
 * A namespace's loaders from its folder of `<locale>.ts` files (`import.meta.glob("./locales/*.ts")`
 * in that folder's module, so each file stays its own chunk). Every language of
 * src/shared/languages.ts must have its file: adding a language is that list plus the files.
 */
export function localeLoaders<T>(files: Record<string, () => Promise<unknown>>): Record<Locale, Loader<T>> {
  const byLocale = new Map(Object.entries(files).map(([path, load]) => [path.replace(/^.*\/|\.ts$/g, ""), load]));
  const loaders = {} as Record<Locale, Loader<T>>;
  for (const locale of LOCALES) {
    const load = byLocale.get(locale);
    if (!load) throw new Error(`No ${locale}.ts among ${Object.keys(files).join(", ")}`);
    loaders[locale] = load as Loader<T>;
  }
  return loaders;
}

const uiModules = localeLoaders<Messages>(import.meta.glob("../locales/*.ts"));
const errorModules = localeLoaders<Record<string, string>>(import.meta.glob("../locales/errors/*.ts"));

// A feature's own namespace (features/<ns>/locales/<locale>.ts), registered by the feature's code, so
// the loaders live in its lazy chunk and the sign-in screen downloads nothing for it.
const featureModules = new Map<string, Partial<Record<Locale, Loader<Messages>>>>();

/** Lets useTranslation(ns) load a feature's messages: call once, from the feature's own module. */
export function registerNamespace(ns: string, loaders: Record<Locale, Loader<Messages>>) {
  featureModules.set(ns, loaders);
}

async function loadNamespace(locale: string, ns: string): Promise<Messages> {
  const feature = isLocale(locale) ? featureModules.get(ns)?.[locale] : undefined;
  if (feature) return (await feature()).default;
  if (!isLocale(locale) || (ns !== ERRORS_NS && ns !== UI_NS)) throw new Error(`No ${ns} messages for ${locale}`);
  return (await (ns === ERRORS_NS ? errorModules : uiModules)[locale]()).default;
}

const backend: BackendModule = {
  type: "backend",
  init() {},
  read(language, namespace, callback) {
    loadNamespace(language, namespace).then(
      (messages) => callback(null, messages),
      (error: Error) => callback(error, false),
    );
  },
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The first supported language among `preferred` (BCP 47 tags, best first), matched on the primary subtag. */
export function matchLocale(preferred: readonly string[]): Locale | undefined {
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split(/[-_]/)[0];
    if (isLocale(primary)) return primary;
  }
  return undefined;
}

/** Signed out: the stored choice, else the browser's languages (what it sends as Accept-Language), else English. */
export function detectLocale(): Locale {
  try {
    const stored = localStorage.getItem(LOCALE_STORAGE_KEY);
    if (isLocale(stored)) return stored;
  } catch {
    // Storage blocked: fall through to the browser's languages.
  }
  const languages = navigator.languages?.length ? navigator.languages : [navigator.language];
  return matchLocale(languages) ?? DEFAULT_LOCALE;
}

export const i18n = i18next.createInstance();

/** ICU-style single-brace placeholders: "{count}", "{email}" (React escapes; i18next need not). */
export const INTERPOLATION = { escapeValue: false, prefix: "{", suffix: "}" };

/** Loads the language's screen text and starts i18next; resolves before the first render. */
export async function initI18n(locale: Locale = detectLocale()) {
  await i18n
    .use(backend)
    .use(initReactI18next)
    .init({
      lng: locale,
      ns: [UI_NS],
      defaultNS: UI_NS,
      // Every key exists in every language (tests/web/locales.test.ts): no fallback downloads.
      fallbackLng: false,
      load: "currentOnly",
      interpolation: INTERPOLATION,
      nsSeparator: false,
      returnNull: false,
      react: { useSuspense: false },
    });
  document.documentElement.lang = locale;
  rememberForServer(locale);
  return i18n;
}

/** The language the screens show, as a cookie: the server's own pages (the auth error page) follow it. */
function rememberForServer(locale: Locale) {
  const secure = location.protocol === "https:" ? "; secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: a fixed name and a known locale code; cookieStore is not in every supported browser
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax${secure}`;
}

/**
 * Fetches the error messages at the visitor's first key press or pointer press, so the failure of what
 * they then submit is already translated, while a visit that only looks downloads none of them (the
 * first-visit budget, tests/e2e/first-visit.e2e.ts). A screen that shows an error asks for them itself.
 */
export function prefetchErrorMessages() {
  const events = ["keydown", "pointerdown"] as const;
  const load = () => {
    for (const event of events) window.removeEventListener(event, load, true);
    void i18n.loadNamespaces(ERRORS_NS);
  };
  for (const event of events) window.addEventListener(event, load, { capture: true, passive: true });
}

/** Switches the UI language and remembers it on this device. */
export async function changeLocale(locale: Locale) {
  await i18n.changeLanguage(locale);
  document.documentElement.lang = locale;
  rememberForServer(locale);
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Storage blocked: the choice lasts for this page only.
  }
}

/** A namespace's messages for a locale (the app's, its errors or a registered feature's), for tests and tooling. */
export function loadMessages(locale: Locale, ns: string = UI_NS): Promise<Messages> {
  return loadNamespace(locale, ns);
}
