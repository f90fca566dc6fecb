// the table lives with the shared code, so the server answers 404 for the paths it does not list
export * from '@shared/site-routes'
