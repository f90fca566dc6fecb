import type { DesktopBridge } from '@shared/ipc/contract'

// `window.desktop` exists only inside the desktop app; on the website it is undefined and
// src/renderer/lib/platform.ts falls back to web APIs.
declare global {
  interface Window {
    desktop?: DesktopBridge
  }
}

export {}
