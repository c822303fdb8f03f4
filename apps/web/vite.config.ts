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
        // Libraries change less often than the app: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
  // The Flora worker is an ES module (new Worker(…, { type: 'module' })).
  worker: { format: 'es' },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
});
