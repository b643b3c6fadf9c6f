/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/client" />

declare module '*.po' {
  export const messages: Record<string, unknown>;
}
