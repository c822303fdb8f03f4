import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// The API server (apps/server) serves /api, /config.json and Flora's downloads; in development Vite forwards
// them to it.
const apiProxy = {
  '/api': 'http://localhost:3000',
  '/config.json': 'http://localhost:3000',
  '/downloads': 'http://localhost:3000',
};

export default defineConfig({
  plugins: [react()],
  resolve: {
    // 'source' makes workspace packages (@greenhouse/contracts) resolve to their TypeScript source.
    conditions: ['source', ...defaultClientConditions],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // React and the router change less often than the app: their own chunk stays cached across deploys.
        // Other libraries stay with the code that uses them, so the lazy screens' libraries (markdown,
        // forms of signed-in screens) are not in what the first page loads (router.tsx).
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
        },
      },
    },
  },
  // The Flora worker is an ES module (new Worker(…, { type: 'module' })).
  worker: { format: 'es' },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
});
