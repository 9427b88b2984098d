import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API (Fastify) serves dist/ and /api on 8080; in dev, vite proxies /api there (API_ORIGIN overrides).
const api = process.env.API_ORIGIN ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  server: { proxy: { '/api': api } },
  preview: { proxy: { '/api': api } },
  build: {
    // scripts/size.ts reads the manifest to measure what a first visit to Home downloads.
    manifest: true,
    sourcemap: false,
    rolldownOptions: {
      // The contract package is plain declarations: let unused modules (zod schemas, all-language error texts)
      // drop out of the web bundle entirely.
      treeshake: {
        moduleSideEffects: (id: string) => !/packages[\\/]contract[\\/]/.test(id),
      },
      output: {
        codeSplitting: {
          groups: [
            // Long-lived vendor chunks: they change less often than app code, so caches survive deploys.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/, priority: 20 },
            { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/, priority: 20 },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 20 },
          ],
        },
      },
    },
  },
});
