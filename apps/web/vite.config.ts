import { defineConfig, defaultClientConditions } from 'vite';
import react from '@vitejs/plugin-react';

// The contract package exports its TypeScript sources under the 'source' condition, so the web
// bundle compiles them directly and never depends on a prior `tsc -b` of the contract.
export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  // Pages are split per route with React.lazy (src/app/router/pages.tsx).
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  preview: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
