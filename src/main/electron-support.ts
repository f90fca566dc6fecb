/**
 * Electron's support window as this project last read it: the newest three stable majors get security fixes
 * (electronjs.org/docs/latest/tutorial/electron-timelines). The scanner's own check for outdated Electron asks GitHub,
 * which CI cannot reach, so this list is kept by hand instead and electron-support.test.ts holds the installed
 * Electron to it. When a new major is released: move `latest`, drop the oldest, upgrade if ours fell out
 * (docs/decisions.md, "Desktop": the upgrade policy).
 */
export const ELECTRON_SUPPORT = {
  /** when the list was last checked against Electron's releases */
  checked: '2026-12-03',
  supportedMajors: [43, 44, 45],
} as const
