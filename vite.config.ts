import { defineConfig } from 'vite';

// Placeholder until the web app lands (owned by the web app work).
export default defineConfig({});
