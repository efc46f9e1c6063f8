import { defineConfig } from 'wxt';

/** Rendered from assets/icon/*.svg by `npm run icons` (scripts/render-icons.ts) into public/icon/. */
const ICONS = { 16: 'icon/16.png', 32: 'icon/32.png', 48: 'icon/48.png', 96: 'icon/96.png', 128: 'icon/128.png' };
/** Firefox draws `dark` on light toolbars and `light` on dark ones (the key names the ink, not the theme). */
const THEME_ICONS = [16, 32].map((size) => ({
  size,
  dark: `icon/toolbar-dark-ink-${size}.png`,
  light: `icon/toolbar-light-ink-${size}.png`,
}));
/** Any other model endpoint or search instance: asked for one origin at a time, when the person adds it. */
const OPTIONAL_HOSTS = ['https://*/*', 'http://*/*'];

export default defineConfig({
  // Parallel work (and tests) may build into separate folders.
  outDir: process.env.FACTCHECK_OUT_DIR ?? '.output',
  modules: ['@wxt-dev/module-react'],
  manifest: ({ browser, manifestVersion }) => ({
    name: 'Search Fact Check',
    description:
      'Checks the answer to your search against the results: consolidated answer, conflicts between sources, and per-site trust.',
    permissions: [
      'storage',
      'sidePanel',
      'unlimitedStorage',
      'scripting',
      ...(browser === 'firefox' ? [] : ['offscreen']),
    ],
    // Loopback only: local model servers (Ollama, LM Studio, llama.cpp) work without a prompt and
    // reach no website's data. Every other endpoint is asked for when the person adds it.
    host_permissions: ['http://127.0.0.1/*', 'http://localhost/*'],
    optional_host_permissions: OPTIONAL_HOSTS,
    // MV2 has no optional_host_permissions (WXT drops the key): Firefox asks for hosts declared here,
    // and refuses permissions.request for any host not declared in the manifest.
    ...(manifestVersion === 2 ? { optional_permissions: OPTIONAL_HOSTS } : {}),
    icons: ICONS,
    action: {
      default_title: 'Search Fact Check: open the fact-check panel',
      default_icon: { 16: ICONS[16], 32: ICONS[32] },
      ...(browser === 'firefox' ? { theme_icons: THEME_ICONS } : {}),
    },
    // Both can be changed in the browser's shortcut settings (chrome://extensions/shortcuts, about:addons).
    commands: {
      [browser === 'firefox' ? '_execute_sidebar_action' : '_execute_action']: {
        suggested_key: { default: 'Alt+Shift+F' },
        description: 'Open the fact-check panel',
      },
      'check-results': {
        suggested_key: { default: 'Alt+Shift+K' },
        description: 'Check the search results in this tab',
      },
    },
    // Only our own scripts run; 'wasm-unsafe-eval' lets WebLLM compile its WebAssembly. No remote images
    // (nothing can leak through a picture URL), no frames, forms or <base> tricks. connect-src stays open:
    // model endpoints are the person's choice, and each one is granted as a host permission.
    content_security_policy: {
      extension_pages:
        "script-src 'self' 'wasm-unsafe-eval'; object-src 'self'; base-uri 'none'; form-action 'none'; frame-src 'none'; img-src 'self' data: blob:;",
    },
    ...(browser === 'firefox'
      ? { browser_specific_settings: { gecko: { id: 'serp-factcheck@example.org', strict_min_version: '128.0' } } }
      : {}),
  }),
});
