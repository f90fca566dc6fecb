/**
 * electron-builder.yml's appId. Windows shows a notification only for an app whose AppUserModelID matches its
 * Start-menu shortcut, which the installer creates with this id (app-id.test.ts checks the two agree).
 */
export const APP_USER_MODEL_ID = 'com.handover.desktop'
