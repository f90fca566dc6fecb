// zod and the API's listing schemas, which the catalogue and the listing pages parse with: building zod schemas is
// the slowest part of loading the app, so the entry runs it ahead of the app in a task of its own (main.tsx)
export { listingDtoSchema } from '@shared/api/listings'
