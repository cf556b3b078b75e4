/**
 * The bridge to the native app wrapper (spec 000 §2: "every route, on leaving, records a page
 * view and informs the native app wrapper about the page").
 *
 * The wrapper is a React Native WebView, which injects `window.ReactNativeWebView` with a
 * `postMessage(string)` method. Each time a page is shown the portal posts one JSON string:
 *
 *   { "type": "page", "path": "/claim", "title": "Home" }
 *
 * `path` is the route's pathname (never the query string, which may carry codes), `title` the
 * page title. In a plain browser the global is absent and nothing happens. The message is
 * fire-and-forget: the portal never waits for an answer.
 */
type NativePageMessage = { type: 'page'; path: string; title: string };

declare global {
  interface Window {
    ReactNativeWebView?: { postMessage: (message: string) => void };
  }
}

export function notifyNativePage(path: string, title: string): void {
  const message: NativePageMessage = { type: 'page', path, title };
  try {
    window.ReactNativeWebView?.postMessage(JSON.stringify(message));
  } catch {
    // The wrapper went away; the web app carries on.
  }
}
