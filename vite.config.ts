import { reactRouter } from '@react-router/dev/vite';
import { type Plugin, defineConfig } from 'vite';

/**
 * Pages render with preact/compat on both sides: the browser bundle shrinks by about
 * 60 KB gzip, and server HTML and hydration come from the same renderer (React 19 moves
 * head elements around on the server, which Preact cannot hydrate). The unit tests have
 * their own Vitest config and keep the real React.
 */
const PREACT: Record<string, string> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react-dom/server': 'preact/compat/server',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-runtime',
};

function preactForReact(): Plugin {
  return {
    name: 'ladenzeile:preact-for-react',
    enforce: 'pre',
    resolveId(source, importer, options) {
      const target = PREACT[source];
      if (!target) return null;
      return this.resolve(target, importer, { ...options, skipSelf: true });
    },
  };
}

export default defineConfig({
  plugins: [preactForReact(), reactRouter()],
  // Bundled into the server build so that their `react` imports reach Preact too.
  ssr: { noExternal: ['react-router', 'embla-carousel-react'] },
  build: { assetsInlineLimit: 0 },
  server: { port: 3000 },
});
