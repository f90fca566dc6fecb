// one library the app runs on, for the entry to run ahead of the app in a task of its own (main.tsx)
export { hydrateRoot } from 'react-dom/client'
