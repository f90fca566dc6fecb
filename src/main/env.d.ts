// `?asset` imports (the window icon) are resolved by electron-vite to a file path at build time.
/// <reference types="electron-vite/node" />
