import { defineConfig } from 'wxt';

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
    action: { default_title: 'Open the fact-check panel' },
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
