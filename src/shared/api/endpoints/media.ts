import { LISTING_IMAGE_FIELD, uploadedImageSchema } from '../listings'
import { endpoints } from '../endpoint'

/** POST /api/uploads/listing-image (upload.routes.ts); the images are served from /media/, outside the API */
export const mediaEndpoints = endpoints('media', {
  postUploadsListingImage: {
    method: 'POST',
    path: '/api/uploads/listing-image',
    summary: 'Upload a listing image (JPEG, PNG or WebP, at most 5 MB): re-encoded, stored, answered with its URL',
    auth: 'signed-in',
    body: { multipart: LISTING_IMAGE_FIELD },
    response: { status: 201, schema: uploadedImageSchema },
    errors: [413, 429, 503],
  },
})
